import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page';
import { titleHead } from '../lib/page-title';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: titleHead(),
  component: RootLayout,
  // Unknown paths are caught by the splat route ($.tsx); this covers a notFound() thrown by a
  // loader. Either way the spec's catch-all shows the landing page.
  notFoundComponent: LandingPage,
});

function RootLayout() {
  return (
    <>
      {/* React 19 hoists the route's <title> and <meta> tags into <head>. */}
      <HeadContent />
      <Outlet />
    </>
  );
}
