import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CheckoutOrder } from '../api/get-order';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      // A rule above the total; an <hr> may not sit inside a <dl>.
      pt={strong ? 'xs' : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

interface OrderSummaryProps {
  order: Pick<
    CheckoutOrder,
    'orderNumber' | 'items' | 'subtotal' | 'shippingCents' | 'shippingCost' | 'tax' | 'total'
  >;
  /** 'Total', or 'Total paid' once it is. */
  totalLabel?: string;
}

/** The server's lines and amounts of an order: what the customer pays, never an estimate. */
export function OrderSummary({ order, totalLabel = 'Total' }: OrderSummaryProps) {
  return (
    <Stack gap="sm">
      <Table verticalSpacing="xs" horizontalSpacing={0} layout="fixed" fz="md">
        {/* The heading above names the order; the caption is for screen readers' table lists. */}
        <VisuallyHidden component="caption">Items in order {order.orderNumber}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th w={56} ta="center">
              Qty
            </Table.Th>
            <Table.Th w={96} ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={item.productId ?? item.name}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text fw={500}>{item.name}</Text>
                <Text size="xs" c="dimmed">
                  {item.price} each
                </Text>
              </Table.Td>
              <Table.Td ta="center">{item.quantity}</Table.Td>
              <Table.Td ta="right">{item.lineTotal}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack component="dl" gap={6} m={0}>
        <Row label="Subtotal" value={order.subtotal} />
        {order.shippingCents > 0 && <Row label="Shipping" value={order.shippingCost} />}
        <Row label="Tax (7%)" value={order.tax} />
        <Row label={totalLabel} value={order.total} strong />
      </Stack>
    </Stack>
  );
}
