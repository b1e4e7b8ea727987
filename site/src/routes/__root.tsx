import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import type { AuthStore } from '../features/auth/auth-store';
import { LandingPage } from '../features/landing/components/landing-page';
import { pageTitle, SITE_DESCRIPTION } from '../lib/page-title';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthStore;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The site-wide title and description; a page's own head entries take precedence.
  head: () => ({
    meta: [{ title: pageTitle() }, { name: 'description', content: SITE_DESCRIPTION }],
  }),
  component: RootLayout,
  // Unknown paths are caught by the splat route ($.tsx); this covers a notFound() thrown by a
  // loader. Either way the spec's catch-all shows the landing page.
  notFoundComponent: LandingPage,
});

/** Marks the document once the app is live, pre-rendered or not (the browser tests wait for it). */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
}

function RootLayout() {
  useHydratedMark();
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
      {/* The router's hydration data in pre-rendered pages (see entry-server.tsx). */}
      <Scripts />
    </>
  );
}
