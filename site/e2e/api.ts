import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The admin the e2e API seeds (global-setup.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'AdminPass123' } as const;

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
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
