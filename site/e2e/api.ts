import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { baseUrl } from './stack';

/** The admin the e2e API seeds (global-setup.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'AdminPass123' } as const;

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface SessionUser {
  token: string;
  user: { id: string; firstName: string; lastName: string; email: string; role: string };
}

export async function signInAdmin(): Promise<SessionUser> {
  return call<SessionUser>('POST', '/auth/login', ADMIN);
}

/** A fresh customer account (unique e-mail), signed in. */
export async function signUpCustomer(
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<SessionUser & { password: string }> {
  const password = overrides.password ?? 'Customer123';
  const session = await call<SessionUser>('POST', '/auth/register', {
    firstName: overrides.firstName ?? 'Casey',
    lastName: overrides.lastName ?? 'Customer',
    email: overrides.email ?? `casey-${randomUUID().slice(0, 8)}@example.com`,
    password,
  });
  return { ...session, password };
}

export interface ProductFixture {
  name: string;
  category: 'book' | 'apparel' | 'digital';
  priceCents: number;
  stock?: number;
  discountPercentage?: number;
  tags?: string[];
  description?: string;
  metadata?: { type?: 'book' | 'shopify'; externalUrl?: string; shopifyUrl?: string };
}

/** Creates an active product through the admin API; returns its id. */
export async function createProduct(product: ProductFixture): Promise<{ id: string }> {
  const { token } = await signInAdmin();
  const body = {
    sku: `E2E-${randomUUID().slice(0, 8)}`,
    stock: 10,
    description: `${product.name} description`,
    ...product,
  };
  const created = await call<{ product: { id: string } }>('POST', '/admin/products', body, token);
  return { id: created.product.id };
}

/** Signs `page`'s origin in as `session` (localStorage, as "remember me" does) before loading. */
export async function withSession(page: Page, session: SessionUser) {
  await page.addInitScript(
    ([token, user]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

export { call as apiCall };

/** A shipping address that passes the API's checks. */
export const SHIPPING_ADDRESS = {
  firstName: 'Casey',
  lastName: 'Customer',
  street: '12 Harbour Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  phone: '+15035550100',
} as const;

export interface OrderFixture {
  id: string;
  orderNumber: string;
  status: string;
  createdAt: string;
  total: string;
  subtotal: string;
  shippingCost: string;
  tax: string;
  items: {
    name: string;
    product: { sku: string };
    quantity: number;
    price: string;
    lineTotal: string;
  }[];
  history: { status: string; source: string; at: string }[];
}

/** The customer places an order through POST /api/orders (the server prices it). */
export async function placeOrder(
  session: SessionUser,
  items: { productId: string; quantity: number }[],
  shippingAddress?: Record<string, string>,
): Promise<OrderFixture> {
  const { order } = await call<{ order: OrderFixture }>(
    'POST',
    '/orders',
    { items, ...(shippingAddress ? { shippingAddress } : {}) },
    session.token,
  );
  return order;
}

/** The admin sets an order's status (PUT /api/admin/orders/:id/status). */
export async function setOrderStatus(orderId: string, status: string): Promise<void> {
  const { token } = await signInAdmin();
  await call('PUT', `/admin/orders/${orderId}/status`, { status }, token);
}

/** The admin adds shipping (PUT /api/admin/orders/:id/shipping); a paid order becomes shipped. */
export async function addShipping(
  orderId: string,
  shipping: { carrier: string; trackingNumber: string; shippingMethod: string },
): Promise<void> {
  const { token } = await signInAdmin();
  await call('PUT', `/admin/orders/${orderId}/shipping`, shipping, token);
}

/** The customer's order as the API answers it now (GET /api/orders/:id). */
export async function getOrder(session: SessionUser, orderId: string): Promise<OrderFixture> {
  const { order } = await call<{ order: OrderFixture }>(
    'GET',
    `/orders/${orderId}`,
    undefined,
    session.token,
  );
  return order;
}

/** Signs in through the API: a second, independent session of the same account. */
export async function signIn(email: string, password: string): Promise<SessionUser> {
  return call<SessionUser>('POST', '/auth/login', { email, password });
}

export interface EventFixture {
  id: string;
  title: string;
  description: string;
  date: string;
  location: string | null;
  ticketLink: string | null;
  flyer: string | null;
}

/** Creates an event through POST /api/events/admin (multipart, the flyer a JPEG's bytes). */
export async function createEvent(
  fields: { title: string; description: string; date: string } & Record<string, string>,
  flyer: Buffer,
): Promise<EventFixture> {
  const { token } = await signInAdmin();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('flyer', new Blob([new Uint8Array(flyer)], { type: 'image/jpeg' }), 'flyer.jpg');
  const res = await fetch(`${baseUrl()}/api/events/admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /events/admin -> ${res.status}: ${text}`);
  return (JSON.parse(text) as { event: EventFixture }).event;
}

/**
 * A project submission as the site's form sends it (POST /api/projects/submit, multipart: the
 * text fields first, then the files); returns the new submission's id.
 */
export async function submitProject(
  fields: {
    name: string;
    email: string;
    service: string;
    notes: string;
    timeline?: string;
    budget?: string;
  },
  files: { name: string; type: string; bytes: Uint8Array }[] = [],
): Promise<{ submissionId: string }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) form.append(key, value);
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${baseUrl()}/api/projects/submit`, {
    method: 'POST',
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /projects/submit -> ${res.status}: ${text}`);
  return JSON.parse(text) as { submissionId: string };
}
