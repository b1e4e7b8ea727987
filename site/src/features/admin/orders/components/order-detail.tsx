import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { statusSourceLabels } from '@studio/shared/statuses';
import type { ReactNode } from 'react';
import type { AdminOrder } from '../api/get-order';
import { formatDateTime, statusLabels } from '../order-format';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Customer({ order }: { order: AdminOrder }) {
  if (!order.user) return <Text c="dimmed">The account was deleted.</Text>;
  return (
    <Stack gap={2}>
      <Text fw={600}>{`${order.user.firstName} ${order.user.lastName}`}</Text>
      <Anchor href={`mailto:${order.user.email}`} size="sm">
        {order.user.email}
      </Anchor>
    </Stack>
  );
}

function Address({ order }: { order: AdminOrder }) {
  const a = order.shippingAddress;
  if (!a) return <Text c="dimmed">None: digital items only.</Text>;
  return (
    <Stack gap={0}>
      <Text fw={600}>{`${a.firstName} ${a.lastName}`}</Text>
      <Text size="sm">{a.street}</Text>
      <Text size="sm">{`${a.city}, ${a.state} ${a.zipCode}`}</Text>
      <Text size="sm" c="dimmed">
        {a.phone}
      </Text>
    </Stack>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function Items({ order }: { order: AdminOrder }) {
  const totals = [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shippingCost],
    ['Tax', order.tax],
  ] as const;
  // No minimum width: on a phone the product's name wraps and the figures keep their line.
  return (
    <Table verticalSpacing={6} aria-label="Items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Price</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.items.map((item) => (
          <Table.Tr key={`${item.productId}-${item.product.sku}`}>
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {item.product.name}
              </Text>
              <Text size="xs" c="dimmed">
                {`SKU ${item.product.sku}`}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{item.quantity}</Table.Td>
            <Table.Td ta="right" style={NO_WRAP}>
              {item.price}
            </Table.Td>
            <Table.Td ta="right" style={NO_WRAP}>
              {item.lineTotal}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {totals.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td colSpan={3} ta="right" c="dimmed">
              {label}
            </Table.Td>
            <Table.Td ta="right">{value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={3} ta="right" fw={700}>
            Total
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            {order.total}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function Shipping({ order }: { order: AdminOrder }) {
  const s = order.shipping;
  if (!s) return <Text c="dimmed">No shipping information yet.</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Carrier:{' '}
        </Text>
        {s.carrier}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Method:{' '}
        </Text>
        {s.shippingMethodLabel}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Tracking:{' '}
        </Text>
        {s.trackingUrl ? (
          <Anchor href={s.trackingUrl} target="_blank" rel="noreferrer" inherit>
            {s.trackingNumber}
          </Anchor>
        ) : (
          s.trackingNumber
        )}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" inherit>
          Added:{' '}
        </Text>
        {formatDateTime(s.shippedAt)}
      </Text>
    </Stack>
  );
}

function History({ order }: { order: AdminOrder }) {
  // Status changes, and each completed refund (a part leaves the status as it was).
  const entries = [
    ...order.history.map((h) => ({
      key: `${h.status}-${h.at}`,
      label: statusLabels[h.status],
      at: h.at,
      by: statusSourceLabels[h.source],
    })),
    ...(order.refunds?.refunds ?? []).flatMap((r) =>
      r.status === 'completed' && r.completedAt
        ? [
            {
              key: r.id,
              label: `Refund ${r.amount}`,
              at: r.completedAt,
              by: statusSourceLabels[r.source],
            },
          ]
        : [],
    ),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (entries.length === 0) return null;
  return (
    <Section title="History">
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((h) => (
          <Group key={h.key} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={500} miw={96}>
              {h.label}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(h.at)} · {h.by}
            </Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}

/** Spec 2: the order's items, customer, shipping address and shipping information. */
export function OrderDetail({ order }: { order: AdminOrder }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Section title="Customer">
          <Customer order={order} />
        </Section>
        <Section title="Shipping address">
          <Address order={order} />
        </Section>
        <Section title="Shipping information">
          <Shipping order={order} />
        </Section>
      </SimpleGrid>
      <Section title="Items">
        <Items order={order} />
      </Section>
      <History order={order} />
    </Stack>
  );
}
