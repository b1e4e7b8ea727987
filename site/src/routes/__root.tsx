import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { LandingPage } from '../features/landing/components/landing-page';
import type { AuthStore } from '../lib/auth/auth-store';
import { pageTitle } from '../lib/page-title';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthStore;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The site-wide title and description; a page's own head entries take precedence.
  head: () => ({
    meta: [
      { title: pageTitle() },
      {
        name: 'description',
        content:
          'Studio: fixed-price sound design, mixing, mastering and audio post-production, a shop, events and a community game server.',
      },
    ],
  }),
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
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
