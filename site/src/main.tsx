// First: before any schema is made (see the module).
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAuthStore } from './features/auth/auth-store';
import { createQueryClient } from './lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const auth = createAuthStore();
void auth.init();
const router = createAppRouter({ queryClient, auth });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// A page pre-rendered at build time (build/prerender.ts) names its path and carries the router's
// dehydrated state: hydrate it. Anything else (spa.html, the dev server) renders from scratch.
const prerendered =
  rootElement.dataset.prerendered === window.location.pathname.replace(/(.)\/+$/, '$1') &&
  '$_TSR' in window;

if (prerendered) {
  hydrateRoot(
    rootElement,
    <StrictMode>
      <AppProviders queryClient={queryClient} auth={auth}>
        <RouterClient router={router} />
      </AppProviders>
    </StrictMode>,
  );
} else {
  // HTML made for another path (an older server answering every path with index.html).
  rootElement.replaceChildren();
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} auth={auth}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
