import { Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './report-view.module.css';

/** A titled section that is never split across two printed pages. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.block} aria-label={title}>
      <Title order={3} className={classes.blockTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.figure} data-report-figure>
      <Text size="xs" className={classes.muted}>
        {label}
      </Text>
      <Text fw={700} className={classes.figureValue}>
        {value}
      </Text>
    </div>
  );
}

/** A small table of figures: the first column text, the others right-aligned numbers. */
export function TotalsTable({
  head,
  rows,
  total,
}: {
  head: string[];
  rows: ReactNode[][];
  total?: ReactNode[];
}) {
  const align = (i: number) => (i === 0 ? 'left' : 'right');
  return (
    <Table
      className={classes.table}
      verticalSpacing={4}
      horizontalSpacing="xs"
      fz="sm"
      borderColor="var(--report-rule)"
      mt="xs"
    >
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={align(i)}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, r) => (
          // Rows are positional figures with no id of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: static, never reordered.
          <Table.Tr key={r}>
            {row.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
              <Table.Td key={i} ta={align(i)}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr>
            {total.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
              <Table.Th key={i} ta={align(i)}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
