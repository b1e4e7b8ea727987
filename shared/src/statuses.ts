import type { OrderStatus } from './schemas/orders.ts';

/**
 * Who or what moved an order, a submission or a payment to a status: the customer (their
 * checkout, their PayPal approval), an admin, a background job, a provider's webhook, or a
 * transfer verified on chain.
 */
export const statusSources = ['customer', 'admin', 'job', 'webhook', 'chain'] as const;
export type StatusSource = (typeof statusSources)[number];

/**
 * The order statuses whose money the business holds: they count as paid and as revenue, in the
 * dashboard, the report and anywhere else. Refunded and cancelled orders do not.
 */
export const paidOrderStatuses = [
  'paid',
  'processing',
  'shipped',
  'delivered',
] as const satisfies readonly OrderStatus[];

export function isPaidOrderStatus(status: OrderStatus): boolean {
  return (paidOrderStatuses as readonly OrderStatus[]).includes(status);
}

/** How a status change's source reads beside it, on the customer's order page and in the admin. */
export const statusSourceLabels: Record<StatusSource, string> = {
  customer: 'Customer',
  admin: 'Store',
  job: 'Automatic',
  webhook: 'PayPal notice',
  chain: 'Blockchain',
};
