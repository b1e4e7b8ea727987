import { Group, Stack, Table, Text } from '@mantine/core';
import type { MyOrder } from '../api/get-my-order';

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      gap="xl"
      wrap="nowrap"
      // The grand total is ruled off; a separator element is not allowed inside a <dl>.
      pt={strong ? 'xs' : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-dark-4)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** What was bought, at the prices the server charged, and how the total adds up. */
export function OrderItems({ order }: { order: MyOrder }) {
  return (
    <Stack gap="md">
      <Table verticalSpacing="sm" horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.productId}-${item.product.sku}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {item.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  SKU {item.product.sku}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{item.price}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {item.lineTotal}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack component="dl" gap={6} m={0} ml="auto" px="xs" w="100%" maw={320}>
        <TotalLine label="Subtotal" value={order.subtotal} />
        <TotalLine label="Shipping" value={order.shippingCost} />
        <TotalLine label="Tax" value={order.tax} />
        <TotalLine label="Total" value={order.total} strong />
      </Stack>
    </Stack>
  );
}
