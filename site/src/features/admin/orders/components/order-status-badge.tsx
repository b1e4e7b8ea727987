import { Badge } from '@mantine/core';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { PENDING_YELLOW, statusColors, statusLabels } from '../order-format';

/**
 * An order's status in the spec's colour (spec 4). Pending is solid yellow with the theme's dark
 * text (13:1): tinted, it read brown. The others keep their tint, which reads as their colour.
 */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const pending = status === 'pending';
  return (
    <Badge
      color={pending ? PENDING_YELLOW : statusColors[status]}
      variant={pending ? 'filled' : 'light'}
      data-status={status}
    >
      {statusLabels[status]}
    </Badge>
  );
}
