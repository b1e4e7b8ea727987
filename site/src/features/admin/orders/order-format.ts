import type { MantineColor } from '@mantine/core';
import type { OrderStatus } from '@studio/shared/schemas/orders';

/** Spec 9: order dates in the admin's own locale and time zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
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
 * Spec 4's badge colours. Mantine's palette has no purple or emerald: purple is its 'grape', and
 * emerald is its 'teal' (teal.6 #12b886 is within a shade of Tailwind's emerald-500 #10b981).
 * A plain '#10b981' was tried: Mantine's variants tint a CSS colour differently from a palette
 * colour, so that one badge and button looked unlike the rest. Teal is also what the customer's
 * order pages use. Refunded (icon only in the spec) is grey.
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
