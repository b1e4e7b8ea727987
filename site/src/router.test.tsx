import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test/render-app';

// Every route of spec section 2, with the page heading and document title a visitor sees.
const routes = [
  { path: '/', heading: 'Studio', title: 'Studio' },
  { path: '/minecraft', heading: 'Minecraft Server', title: 'Minecraft Server | Studio' },
  { path: '/event-space', heading: 'Event Space', title: 'Event Space | Studio' },
  { path: '/login', heading: 'Sign in', title: 'Sign in | Studio' },
  { path: '/register', heading: 'Create an account', title: 'Create an account | Studio' },
  { path: '/cart', heading: 'Cart', title: 'Cart | Studio' },
  {
    path: '/checkout/success',
    // No payment parameters: spec 8's 'Missing payment information'.
    heading: 'Payment Failed',
    title: 'Payment Successful | Studio',
  },
  { path: '/checkout/cancel', heading: 'Payment Cancelled', title: 'Payment Cancelled | Studio' },
  { path: '/terms-of-service', heading: 'Terms of Service', title: 'Terms of Service | Studio' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy | Studio' },
];

describe('routes', () => {
  it.each(routes)('$path shows the heading $heading', async ({ path, heading, title }) => {
    const { router } = renderApp(path);

    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(['/profile', '/orders', '/orders/ord-42', '/admin', '/checkout'])(
    'sends an anonymous visitor from %s to /login, remembering the page',
    async (path) => {
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toEqual({ redirect: path });
    },
  );

  it.each(['/no/such/page', '/minecraft/extra', '/orders/ord-42/extra'])(
    'shows the landing page for the unknown path %s',
    async (path) => {
      const { router } = renderApp(path);

      const h1 = await screen.findByRole('heading', { level: 1 });
      expect(h1.textContent).toBe('Studio');
      expect(screen.getByRole('button', { name: 'View Events' })).toBeTruthy();
      // The catch-all renders in place: the address the visitor typed is kept.
      expect(router.state.location.pathname).toBe(path);
      await waitFor(() => expect(document.title).toBe('Studio'));
    },
  );
});
