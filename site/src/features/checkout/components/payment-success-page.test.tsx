import { downloadMessages } from '@studio/shared/messages/downloads';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { AppProviders } from '../../../providers';
import { createAppRouter } from '../../../router';
import { createAuthStore } from '../../auth/auth-store';
import { CART_STORAGE_KEY } from '../../cart/cart-store';

const ORDER_ID = '3f1c2a9e-6f4b-4c1e-9b7a-1d2e3f4a5b6c';
const user = {
  id: 'u1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: null,
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const order = {
  id: ORDER_ID,
  orderNumber: 'ORD-260101-ABC123',
  status: 'paid',
  items: [
    { productId: 'p1', name: 'Black Tee', quantity: 2, price: '$25.00', lineTotal: '$50.00' },
  ],
  subtotal: '$50.00',
  shippingCents: 849,
  shippingCost: '$8.49',
  tax: '$3.50',
  total: '$61.99',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The whole app under StrictMode, as main.tsx renders it: effects run twice in development. */
function renderStrict(path: string) {
  const queryClient = createQueryClient();
  const auth = createAuthStore();
  void auth.init();
  const router = createAppRouter({
    queryClient,
    auth,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient} auth={auth} env="test">
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('/checkout/success under StrictMode', () => {
  it('captures once, shows the paid order and empties the cart', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { productId: 'p1', name: 'Black Tee', priceCents: 2500, quantity: 2, stock: 5 },
      ]),
    );
    const executed: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/auth/me') return json(200, { user });
      if (url.pathname === '/api/orders/execute-payment') {
        executed.push(JSON.parse(String(init?.body)));
        return json(200, { success: true, status: 'confirmed', order });
      }
      return json(404, { message: 'Not found' });
    });

    renderStrict(`/checkout/success?paymentId=PP-1&PayerID=PAYER1&orderId=${ORDER_ID}`);

    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).textContent,
    ).toBe('Payment Successful');
    expect(screen.getByText('$61.99')).toBeTruthy();
    expect(executed).toEqual([{ paymentId: 'PP-1', payerId: 'PAYER1', orderId: ORDER_ID }]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([]);
    expect(screen.queryByText(downloadMessages.filesReady)).toBeNull();
  });

  it('a paid order with downloads says its files are ready and links to its page', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('user', JSON.stringify(user));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/auth/me') return json(200, { user });
      if (url.pathname === '/api/orders/execute-payment') {
        return json(200, {
          success: true,
          status: 'confirmed',
          order: { ...order, shippingCents: 0, hasDownloads: true },
        });
      }
      return json(404, { message: 'Not found' });
    });

    renderStrict(`/checkout/success?paymentId=PP-1&PayerID=PAYER1&orderId=${ORDER_ID}`);

    await screen.findByText(downloadMessages.filesReady);
    expect(screen.getByRole('link', { name: 'Get your files' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
  });

  it.each([
    { status: 503, body: {}, text: 'Payment execution failed' },
    {
      status: 422,
      body: { message: 'The payment was declined.' },
      text: 'The payment was declined.',
    },
  ])('a $status answer shows Payment Failed: "$text"', async ({ status, body, text }) => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('user', JSON.stringify(user));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/auth/me') return json(200, { user });
      return json(status, body);
    });
    renderStrict(`/checkout/success?paymentId=PP-1&PayerID=PAYER1&orderId=${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Failed' });
    expect(screen.getByRole('alert').textContent).toContain(text);
  });

  it('no answer at all: "Payment verification failed"', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('user', JSON.stringify(user));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/auth/me') return json(200, { user });
      throw new TypeError('Failed to fetch');
    });
    renderStrict(`/checkout/success?paymentId=PP-1&PayerID=PAYER1&orderId=${ORDER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Failed' });
    expect(screen.getByRole('alert').textContent).toContain('Payment verification failed');
  });
});
