import { Badge } from '@mantine/core';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { statusColors, statusLabels } from '../order-format';

/** An order's status in the spec's colour (spec 4). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={statusColors[status]} variant="light" data-status={status}>
      {statusLabels[status]}
    </Badge>
  );
}
