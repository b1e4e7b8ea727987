import { Alert, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useOrder } from '../api/get-order';
import type { AdminOrderSummary } from '../api/get-orders';
import { formatDateTime } from '../order-format';
import { OrderActions } from './order-actions';
import { OrderDetail } from './order-detail';
import { OrderStatusBadge } from './order-status-badge';
import { ShippingForm } from './shipping-form';

/**
 * The order detail modal and, stacked over it, the add-shipping modal (spec 2). The detail
 * opens at once with the row's data and fills in as the full order arrives.
 */
export function OrderModals({
  order: row,
  onClose,
}: {
  order: AdminOrderSummary | null;
  onClose: () => void;
}) {
  const [shippingOpen, setShippingOpen] = useState(false);
  const { data: order, isError } = useOrder(row?.id ?? null, row ?? undefined);
  const close = () => {
    setShippingOpen(false);
    onClose();
  };

  return (
    <Modal.Stack>
      <Modal
        stackId="order-detail"
        opened={row !== null}
        onClose={close}
        size={920}
        closeButtonProps={{ 'aria-label': 'Close order' }}
        title={
          order ? (
            <Group gap="sm" wrap="wrap">
              <Text fw={700} fz="lg" component="span">{`Order ${order.orderNumber}`}</Text>
              <OrderStatusBadge status={order.status} />
            </Group>
          ) : (
            'Order'
          )
        }
      >
        {order ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {`Placed ${formatDateTime(order.createdAt)}`}
              {order.paidAt ? ` · Paid ${formatDateTime(order.paidAt)}` : ''}
            </Text>
            <Paper withBorder radius="md" p="md" component="section" aria-label="Actions">
              <OrderActions order={order} onAddShipping={() => setShippingOpen(true)} />
            </Paper>
            <OrderDetail order={order} />
          </Stack>
        ) : isError ? (
          <Alert color="red" title="This order could not be loaded" />
        ) : null}
      </Modal>
      <Modal
        stackId="order-shipping"
        opened={shippingOpen && order !== undefined}
        onClose={() => setShippingOpen(false)}
        title={order ? `Add Shipping Info · ${order.orderNumber}` : 'Add Shipping Info'}
        size="md"
        closeButtonProps={{ 'aria-label': 'Close shipping form' }}
      >
        {order && <ShippingForm order={order} onDone={() => setShippingOpen(false)} />}
      </Modal>
    </Modal.Stack>
  );
}
