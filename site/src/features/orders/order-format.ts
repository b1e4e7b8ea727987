import type { OrderStatus } from '@studio/shared/schemas/orders';

/** Spec 9: order dates in the visitor's own locale and time zone. */
export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A moment in the status history: date and time, locally. */
export function formatOrderDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const statusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * Spec 4's colours. Mantine's palette has neither purple nor emerald: purple is its 'grape', and
 * emerald is Tailwind's emerald as plain CSS colours (Mantine's variants accept any colour), the
 * same as the admin dashboard uses, so delivered looks alike everywhere and stays distinct from
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
