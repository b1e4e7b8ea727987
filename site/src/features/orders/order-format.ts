import type { OrderStatus } from '@studio/shared/schemas/orders';

export {
  formatOrderDate,
  formatOrderDateTime,
  orderStatusLabels as statusLabels,
} from './order-display';

/**
 * Spec 4's colours. Mantine's palette has neither purple nor emerald: purple is its 'grape', and
 * emerald is Tailwind's emerald as plain CSS colours (Mantine's variants accept any colour; the
 * admin's filled badges use Mantine's teal, which tints better there), distinct from
 * shipped's green. Refunded (icon only in the spec) is grey.
 */
const EMERALD = '#10b981'; // emerald-500
const EMERALD_LIGHT = '#6ee7b7'; // emerald-300

/** Timeline bullets: the palette's own shades. */
export const statusColors: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'blue',
  processing: 'grape',
  shipped: 'green',
  delivered: EMERALD,
  cancelled: 'red',
  refunded: 'gray',
};

/**
 * Badges: light shades (3), whose text stays above 4.5:1 (WCAG AA) over the faint wash of its
 * own colour on the dark page.
 */
export const statusBadgeColors: Record<OrderStatus, string> = {
  pending: 'yellow.3',
  paid: 'blue.3',
  processing: 'grape.3',
  shipped: 'green.3',
  delivered: EMERALD_LIGHT,
  cancelled: 'red.3',
  refunded: 'gray.3',
};
