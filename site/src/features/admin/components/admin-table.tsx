import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './admin-table.module.css';

/**
 * Turns a Mantine `<Table>` into cards on phones (below 48em): spread the result on the
 * `<Table>` and pass `CARD_SCROLL` as its `Table.ScrollContainer`'s `classNames`. The first cell
 * of each row is the card's title; every other cell shows its column's name (from `columns`, by
 * position; '' for an actions column) beside its value. For a table with its own header (sort
 * buttons, as the orders table); `AdminTable` does this itself.
 */
export function cardTable(columns: readonly string[]): { className: string; style: CSSProperties } {
  const style: Record<string, string> = {};
  // A CSS string, quoted and escaped (JSON's escapes are CSS's), read by `content: var(...)`.
  columns.forEach((name, i) => {
    style[`--admin-col-${i + 1}`] = JSON.stringify(name);
  });
  return { className: classes.cards ?? '', style };
}

/** The scroll container's class names that drop its minimum width on phones (see cardTable). */
export const CARD_SCROLL = { scrollContainerInner: classes.scrollInner ?? '' };

/** A list that failed to load, with its reason and a retry. */
export function ListError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The admin's list table: a header from `columns` (an empty name is the actions column),
 * skeleton rows while loading, the rows, or the `empty` text when there are none. From 48em up
 * it is a table (scrolling sideways inside its frame below `minWidth`); on phones each row is a
 * card (see `cardTable`), so put the row's name or number in the first column. Usage:
 *
 * ```tsx
 * <AdminTable label="Customers" columns={['Customer', 'Orders', 'Total spent', '']}
 *   rightAligned={['Orders', 'Total spent']} minWidth={720}
 *   busy={list.isFetching} loading={list.isPending}
 *   empty={list.isSuccess && rows.length === 0 ? 'No customers yet.' : null}>
 *   {rows.map((r) => (
 *     <Table.Tr key={r.id}><Table.Td>{r.name}</Table.Td>...<Table.Td>{actions}</Table.Td></Table.Tr>
 *   ))}
 * </AdminTable>
 * ```
 *
 * Cells are matched to `columns` by position, so a row has one `Table.Td` per column.
 */
export function AdminTable({
  label,
  columns,
  rightAligned = [],
  minWidth,
  highlightOnHover = true,
  busy,
  loading,
  skeletonRows = 5,
  skeletonHeight = 32,
  empty,
  children,
}: {
  label: string;
  columns: readonly string[];
  rightAligned?: readonly string[];
  minWidth: number;
  highlightOnHover?: boolean;
  busy: boolean;
  loading: boolean;
  skeletonRows?: number;
  skeletonHeight?: number;
  /** Shown in place of rows when there are none; null when there are. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth} classNames={CARD_SCROLL}>
        <Table
          {...cardTable(columns)}
          verticalSpacing="sm"
          highlightOnHover={highlightOnHover}
          aria-label={label}
          aria-busy={busy}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={c || i} ta={rightAligned.includes(c) ? 'right' : undefined}>
                  {c || <VisuallyHidden>Actions</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={i}>
                    <Table.Td colSpan={columns.length}>
                      <Skeleton h={skeletonHeight} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : children}
            {!loading && empty !== null && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** "Page X of Y" and the pager, shown when there is more than one page. */
export function TablePager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Page {page} of {pages}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
        withEdges={false}
      />
    </Group>
  );
}
