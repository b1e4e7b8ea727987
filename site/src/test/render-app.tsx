import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAuthStore } from '../features/auth/auth-store';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../providers';
import { createAppRouter } from '../router';

/** Renders the whole app (providers and router) in memory at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const auth = createAuthStore();
  void auth.init();
  const router = createAppRouter({
    queryClient,
    auth,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <AppProviders queryClient={queryClient} auth={auth} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, auth };
}
