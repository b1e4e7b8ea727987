import { Badge } from '@mantine/core';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { statusBadgeColors, statusLabels } from '../order-format';

/** An order's status in the spec's colour (spec 4). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      color={statusBadgeColors[status]}
      variant="outline"
      // A faint wash of its own colour, so the badge reads as a label on the dark page.
      styles={{ root: { backgroundColor: 'color-mix(in srgb, currentColor 12%, transparent)' } }}
    >
      {statusLabels[status]}
    </Badge>
  );
}
