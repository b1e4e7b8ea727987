import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { useCancelMyOrder } from '../api/cancel-my-order';
import { type MyOrder, useMyOrder } from '../api/get-my-order';
import { formatOrderDate, formatOrderDateTime } from '../order-format';
import { OrderDownloads } from './order-downloads';
import { OrderInvoice } from './order-invoice';
import { OrderItems } from './order-items';
import { OrderAddress, OrderTracking } from './order-shipping';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
    >
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function BackToOrders() {
  return (
    <Anchor component={Link} to="/orders" size="sm" underline="always">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        All orders
      </Group>
    </Anchor>
  );
}

/** Cancel order, with a confirmation: the held items go back to the shop at once. */
function CancelOrder({ order }: { order: MyOrder }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMyOrder(order.id);
  return (
    <>
      <Button variant="default" onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel order ${order.orderNumber}?`}
        size="sm"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The items you hold go back to the shop, and this order can no longer be paid.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Keep order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * A pending order is unpaid: its stock is held for a while, and it can be paid or cancelled
 * from here.
 */
function AwaitingPayment({ order }: { order: MyOrder }) {
  return (
    // A standing note, not news: role "alert" would have it read out over the page on arrival.
    <Alert color="yellow" variant="light" title="Awaiting payment" role="note">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          This order has not been paid yet.
          {order.reservedUntil
            ? ` Its items are held for you until ${formatOrderDateTime(order.reservedUntil)}.`
            : ''}
        </Text>
        <Group gap="sm">
          <Button
            renderRoot={(props) => (
              <Link to="/checkout" search={{ orderId: order.id }} {...props} />
            )}
          >
            Pay now
          </Button>
          <CancelOrder order={order} />
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * /orders/:id (spec 2): its files to download (issue 25), items, totals, where it goes, how far
 * it has come, and tracking.
 */
export function OrderDetailPage({ orderId }: { orderId: string }) {
  const order = useMyOrder(orderId);
  return (
    <PageShell title={`Order ${order.orderNumber}`}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <OrderStatusBadge status={order.status} />
          <Text size="sm" c="dimmed">
            Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </Text>
        </Group>
        <BackToOrders />
      </Group>
      {order.status === 'pending' && <AwaitingPayment order={order} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {order.hasDownloads && (
              <Section title="Your files">
                <OrderDownloads order={order} />
              </Section>
            )}
            <Section title="Items">
              <OrderItems order={order} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {order.invoiceNumber && (
              <Section title="Invoice">
                <OrderInvoice order={{ id: order.id, invoiceNumber: order.invoiceNumber }} />
              </Section>
            )}
            {order.shipping && (
              <Section title="Tracking">
                <OrderTracking shipping={order.shipping} />
              </Section>
            )}
            <Section title="Status history">
              <OrderTimeline history={order.history} />
            </Section>
            {order.shippingAddress && (
              <Section title="Shipping address">
                <OrderAddress address={order.shippingAddress} />
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageShell>
  );
}
