import { Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { type MyOrderSummary, useMyOrders } from '../api/get-my-orders';
import { formatOrderDate } from '../order-format';
import { OrderStatusBadge } from './order-status-badge';
import classes from './orders-list.module.css';
import { OrdersPager } from './orders-pager';

function itemCount(order: MyOrderSummary): string {
  const n = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** An order with digital products: its page has files to download. */
function FilesBadge() {
  return (
    <Badge
      size="sm"
      variant="outline"
      color="cyan.3"
      // The status badge's faint wash of its own colour: its text stays above 4.5:1.
      styles={{ root: { backgroundColor: 'color-mix(in srgb, currentColor 12%, transparent)' } }}
      leftSection={<IconDownload size={12} aria-hidden />}
    >
      {/* One text for assistive technology, so its words never run together with the badge's. */}
      <span aria-hidden="true">Files</span>
      <VisuallyHidden>With files to download</VisuallyHidden>
    </Badge>
  );
}

function OrderRow({ order }: { order: MyOrderSummary }) {
  return (
    <li>
      <Link to="/orders/$id" params={{ id: order.id }} className={classes.row}>
        <div className={classes.number}>
          <Text fw={700} truncate>
            {order.orderNumber}
          </Text>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {itemCount(order)}
            </Text>
            {order.hasDownloads && <FilesBadge />}
          </Group>
        </div>
        <Text size="sm" className={classes.date}>
          Placed <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </Text>
        <div className={classes.status}>
          <OrderStatusBadge status={order.status} />
        </div>
        <Text fw={700} className={classes.total}>
          {order.total}
        </Text>
      </Link>
    </li>
  );
}

function NoOrders() {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Stack align="center" gap="sm">
        <Text size="lg" fw={600}>
          You have no orders yet
        </Text>
        <Text c="dimmed">Books, apparel and digital goods from the shop will show up here.</Text>
        <Button component={Link} to="/" hash="shop">
          Visit the shop
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /orders (spec 2): the signed-in customer's orders, newest first, a page at a time, then what the
 * route puts under them (`projects`: the client's projects, issue 26).
 */
export function OrdersPage({ page, projects }: { page: number; projects?: ReactNode }) {
  const { orders, total, pageSize } = useMyOrders(page);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <PageShell title="Orders">
      {total === 0 ? (
        <NoOrders />
      ) : orders.length === 0 ? (
        // A bookmarked page past the end, after older orders went away.
        <Group>
          <Text>There are no orders on this page.</Text>
          <Button component={Link} to="/orders" variant="light">
            Go to your latest orders
          </Button>
        </Group>
      ) : (
        <>
          <Text c="dimmed" size="sm">
            {total === 1 ? '1 order' : `${total} orders`}, newest first
          </Text>
          <ul className={classes.list} aria-label="Your orders">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
          {pages > 1 && <OrdersPager page={page} pages={pages} />}
        </>
      )}
      {projects}
    </PageShell>
  );
}
