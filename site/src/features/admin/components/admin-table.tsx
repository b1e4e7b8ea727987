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
import type { ReactNode } from 'react';

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
 * skeleton rows while loading, the rows, or the `empty` text when there are none.
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
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
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
