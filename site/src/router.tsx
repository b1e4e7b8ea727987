import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteError } from './components/ui/route-error';
import { RoutePending } from './components/ui/route-pending';
import type { AuthStore } from './features/auth/auth-store';
import { handleUnauthorized } from './features/auth/auth-store';
import { removePrivateQueries } from './lib/query-client';
import { routeTree } from './routeTree.gen';

export interface CreateAppRouterOptions {
  queryClient: QueryClient;
  auth: AuthStore;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, auth, history }: CreateAppRouterOptions) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // TanStack Query owns caching, so the router always asks it rather than its own cache.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
  // Another account (or none) means none of the previous account's cached data may show.
  let userId = auth.getState().user?.id;
  auth.subscribe(() => {
    const next = auth.getState().user?.id;
    if (next !== userId) removePrivateQueries(queryClient);
    userId = next;
  });
  // Spec 8: any authenticated call answered 401 clears the session and goes to /login,
  // remembering where the visitor was.
  handleUnauthorized(auth, () => {
    const { pathname, searchStr } = router.state.location;
    void router.navigate({
      to: '/login',
      search: pathname === '/login' ? {} : { redirect: `${pathname}${searchStr}` },
    });
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
