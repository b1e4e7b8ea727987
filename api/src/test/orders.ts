import type { ShippingAddressInput } from '@studio/shared/schemas/orders';
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
