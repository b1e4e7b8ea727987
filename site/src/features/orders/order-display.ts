import type { OrderStatus } from '@studio/shared/schemas/orders';

/** Spec 9: order dates in the reader's own locale and time zone. */
export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A moment (a status change, when an order was placed): date and time, locally. */
export function formatOrderDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Order statuses as the customer's pages and the admin dashboard name them. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
