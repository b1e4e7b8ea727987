import { Table, Text } from '@mantine/core';
import { formatDollars } from '../format-figures';
import { type LineItem, sumOf } from '../venue-figures';

interface BreakdownTableProps {
  caption: string;
  items: readonly LineItem[];
  totalLabel: string;
}

/** Line items with their amounts and a total row that is their sum. */
export function BreakdownTable({ caption, items, totalLabel }: BreakdownTableProps) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing={6} highlightOnHover captionSide="top">
        <Table.Caption c="gray.4">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.label}>
              <Table.Th scope="row" fw={400}>
                {item.label}
                {item.note && (
                  <Text span size="xs" c="gray.5" ml={6}>
                    ({item.note})
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatDollars(item.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{totalLabel}</Table.Th>
            <Table.Td ta="right" fw={800} style={{ whiteSpace: 'nowrap' }}>
              {formatDollars(sumOf(items))}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
