import type { ShippingAddressInput } from '@studio/shared/schemas/orders';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import type { products } from '../db/schema/products.ts';
import { signUpCustomer } from './accounts.ts';
import { type Answer, read, type TestApp } from './harness.ts';
import { createProduct } from './products.ts';

/** The address the tests' orders ship to. */
export const shippingAddress: ShippingAddressInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '12 Analytical Way',
  city: 'London',
  state: 'LDN',
  zipCode: '10001',
  phone: '+15551234567',
};

/** One line of an order: `quantity` of the product `productId`. */
export interface OrderLine {
  productId: string;
  quantity: number;
}

export interface OrderOptions {
  /** What is ordered; by default `quantity` of the product `productId`, or of one made for it. */
  items?: OrderLine[];
  productId?: string;
  /** The values of the product made for the order (see `createProduct`). */
  product?: Partial<typeof products.$inferInsert>;
  /** How many of that product; 1 unless given. */
  quantity?: number;
  /** Where it ships, `shippingAddress` unless given; `null` for none (digital products only). */
  address?: ShippingAddressInput | null;
}

/** An order as the API answers it when it is placed. */
export interface PlacedOrder {
  id: string;
  orderNumber: string;
  status: string;
  totalCents: number;
  createdAt: string;
}

/** The answer to `token` placing an order of `items`: for the tests of what the route refuses. */
export function postOrder(
  t: TestApp,
  token: string,
  items: OrderLine[],
  address: ShippingAddressInput | null = shippingAddress,
): Promise<Answer> {
  const json = address ? { items, shippingAddress: address } : { items };
  return read(t.as(token).api.orders.$post({ json }));
}

/** An order `token` places through the API; fails unless it is placed (201). */
export async function placeOrder(
  t: TestApp,
  token: string,
  { items, productId, product, quantity = 1, address = shippingAddress }: OrderOptions = {},
): Promise<PlacedOrder> {
  const lines = items ?? [
    { productId: productId ?? (await createProduct(t.db, product)).id, quantity },
  ];
  const res = await postOrder(t, token, lines, address);
  if (res.status !== 201)
    throw new Error(`order not placed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order as PlacedOrder;
}

/**
 * A new customer, signed up through the API (with `name` if given), and the order they placed
 * (`orderId` its id).
 */
export async function customerOrder(
  t: TestApp,
  options: OrderOptions & { name?: { firstName?: string; lastName?: string } } = {},
) {
  const customer = await signUpCustomer(t, options.name);
  const order = await placeOrder(t, customer.token, options);
  return { customer, order, orderId: order.id };
}

/**
 * The order as its customer (`token`) reads it: its status and the history of its statuses with
 * what set each; and the details of its status changes' audit rows.
 */
export async function orderHistoryOf(t: TestApp, token: string, orderId: string) {
  const mine = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  if (mine.status !== 200) throw new Error(`order not read: ${mine.status}`);
  const audits = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')));
  return {
    status: mine.body.order.status as string,
    history: (mine.body.order.history as { status: string; source: string }[]).map(
      ({ status, source }) => ({ status, source }),
    ),
    audits: audits.map((a) => a.detail),
  };
}

/** What `orderHistoryOf` reads of an order its customer placed and `source` then paid. */
export const paidBy = (source: string) => ({
  status: 'paid',
  history: [
    { status: 'pending', source: 'customer' },
    { status: 'paid', source },
  ],
  audits: [expect.objectContaining({ from: 'pending', to: 'paid', source })],
});
