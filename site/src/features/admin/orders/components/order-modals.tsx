import { Alert, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { orderMessages } from '@studio/shared/messages/orders';
import { useState } from 'react';
import { RefundModal } from '../../refunds/components/refund-modal';
import { RefundedBadge, RefundsPanel } from '../../refunds/components/refunds-panel';
import { useOrder } from '../api/get-order';
import type { AdminOrderSummary } from '../api/get-orders';
import { formatDateTime } from '../order-format';
import { OrderActions } from './order-actions';
import { OrderDetail } from './order-detail';
import { OrderGrants } from './order-grants';
import { OrderInvoiceButton } from './order-invoice-button';
import { OrderStatusBadge } from './order-status-badge';
import { ShippingForm } from './shipping-form';

/**
 * The order detail modal and, stacked over it, the add-shipping and refund modals (spec 2,
 * decision 035). The detail
 * opens at once with the row's data and fills in as the full order arrives.
 */
export function OrderModals({
  order: row,
  onClose,
}: {
  /** The row clicked, or just an id (opened from another tab through admin navigation). */
  order: AdminOrderSummary | { id: string } | null;
  onClose: () => void;
}) {
  const [shippingOpen, setShippingOpen] = useState(false);
  const [refundOpen, setRefundOpen] = useState(false);
  const { data: order, isError } = useOrder(
    row?.id ?? null,
    row && 'orderNumber' in row ? row : undefined,
  );
  const close = () => {
    setShippingOpen(false);
    setRefundOpen(false);
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
              <RefundedBadge summary={order.refunds} />
            </Group>
          ) : (
            'Order'
          )
        }
      >
        {order ? (
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {`Placed ${formatDateTime(order.createdAt)}`}
                {order.paidAt ? ` · Paid ${formatDateTime(order.paidAt)}` : ''}
                {order.invoiceNumber ? ` · Invoice ${order.invoiceNumber}` : ''}
              </Text>
              {order.invoiceNumber && (
                <OrderInvoiceButton order={{ id: order.id, invoiceNumber: order.invoiceNumber }} />
              )}
            </Group>
            <Paper withBorder radius="md" p="md" component="section" aria-label="Actions">
              <OrderActions order={order} onAddShipping={() => setShippingOpen(true)} />
            </Paper>
            {order.refunds && (
              <RefundsPanel
                subject={{ kind: 'order', id: order.id }}
                summary={order.refunds}
                onRefund={() => setRefundOpen(true)}
              />
            )}
            {order.grants && <OrderGrants orderId={order.id} grants={order.grants} />}
            <OrderDetail order={order} />
          </Stack>
        ) : isError ? (
          <Alert color="red" title={orderMessages.loadFailedTitle} />
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
      {order?.refunds && (
        <RefundModal
          stackId="order-refund"
          opened={refundOpen}
          onClose={() => setRefundOpen(false)}
          subject={{ kind: 'order', id: order.id }}
          title={`Order ${order.orderNumber}`}
          customer={order.user ? `${order.user.firstName} ${order.user.lastName}` : 'the customer'}
          summary={order.refunds}
        />
      )}
    </Modal.Stack>
  );
}
