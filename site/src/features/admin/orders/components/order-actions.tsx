import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { type OrderStatus, orderStatuses } from '@studio/shared/schemas/orders';
import { IconCash, IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import type { AdminOrder } from '../api/get-order';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { statusColors, statusLabels } from '../order-format';

interface OrderActionsProps {
  order: AdminOrder;
  onAddShipping: () => void;
}

/**
 * Spec 4: every status has a button (the current one disabled, no order enforced); a quick
 * 'Mark as Paid' on pending orders and 'Add Shipping Info' on paid ones.
 */
export function OrderActions({ order, onAddShipping }: OrderActionsProps) {
  const update = useUpdateOrderStatus();
  const pendingStatus = update.isPending ? update.variables?.status : undefined;

  const setStatus = (status: OrderStatus) => update.mutate({ id: order.id, status });

  return (
    <Stack gap="sm">
      {(order.status === 'pending' || order.status === 'paid') && (
        <Group gap="sm">
          {order.status === 'pending' && (
            // The theme's violet: white on Mantine's filled blue or green is under 4.5:1.
            <Button
              leftSection={<IconCash size={18} aria-hidden />}
              loading={pendingStatus === 'paid'}
              disabled={update.isPending}
              onClick={() => setStatus('paid')}
            >
              Mark as Paid
            </Button>
          )}
          {order.status === 'paid' && (
            <Button
              leftSection={<IconTruckDelivery size={18} aria-hidden />}
              disabled={update.isPending}
              onClick={onAddShipping}
            >
              Add Shipping Info
            </Button>
          )}
        </Group>
      )}
      <Divider label="Set status" labelPosition="left" />
      <Group gap="xs" role="group" aria-label="Set status">
        {orderStatuses.map((status) => {
          const current = status === order.status;
          return (
            <Button
              key={status}
              size="xs"
              variant={current ? 'filled' : 'light'}
              color={statusColors[status]}
              disabled={current || update.isPending}
              loading={pendingStatus === status}
              aria-current={current ? 'true' : undefined}
              leftSection={current ? <IconCheck size={14} aria-hidden /> : undefined}
              onClick={() => setStatus(status)}
            >
              {statusLabels[status]}
            </Button>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed">
        Cancelling returns the items to stock; re-opening a cancelled order takes them again.
      </Text>
    </Stack>
  );
}
