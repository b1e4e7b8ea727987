import type { MantineColor } from '@mantine/core';
import type { OrderStatus } from '@studio/shared/schemas/orders';

export {
  formatOrderDate as formatDate,
  formatOrderDateTime as formatDateTime,
  orderStatusLabels as statusLabels,
} from '../../orders/order-display';

/**
 * Spec 4's badge colours. Mantine's palette has no purple or emerald: purple is its 'grape', and
 * emerald is its 'teal' (teal.6 #12b886 is within a shade of Tailwind's emerald-500 #10b981).
 * A plain '#10b981' was tried: Mantine's variants tint a CSS colour differently from a palette
 * colour, so that one badge and button looked unlike the rest. (The customer's order pages use
 * '#10b981' on their outline badges, where that difference does not show.) Refunded (icon only
 * in the spec) is grey.
 */
export const statusColors: Record<OrderStatus, MantineColor> = {
  pending: 'yellow',
  paid: 'blue',
  processing: 'grape',
  shipped: 'green',
  delivered: 'teal',
  cancelled: 'red',
  refunded: 'gray',
};

/**
 * Pending as a solid colour (its badge, its bar in the report): Mantine's 'yellow' paints its
 * shade 8 (#f08c00, orange) when filled and a brown wash when tinted on the dark page.
 */
export const PENDING_YELLOW: MantineColor = 'yellow.5';
