import { createMemoryHistory } from '@tanstack/react-router';
import {
  attachRouterServerSsrUtils,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadLazySections } from './components/ui/lazy-section';
import { createAuthStore } from './features/auth/auth-store';
import { createQueryClient } from './lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export { SITE_DESCRIPTION } from './lib/page-title';
export { PLACEHOLDER_ORIGIN } from './lib/site-url';

export interface RenderedPage {
  /** The app's markup, for `<div id="root">`, with the router's hydration script in it. */
  body: string;
  /** `<title>`, `<meta>` and `<link>` tags React hoisted out of the body, for `<head>`. */
  head: string;
}

// React 19 writes the hoistable tags a route's <HeadContent> renders at the start of the
// markup when no <html> element is rendered; they belong in the document's head.
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * Renders one public route at build time, in Node, as TanStack Router's non-streaming SSR does
 * (docs: guide/ssr): a memory history at `path`, load, dehydrate, render to a string. Nothing
 * here calls the API: data-driven lists render their loading state, as on a first visit.
 */
function createRouter(path: string) {
  const queryClient = createQueryClient();
  const auth = createAuthStore();
  const history = createMemoryHistory({ initialEntries: [path] });
  return { queryClient, auth, router: createAppRouter({ queryClient, auth, history }) };
}

/** The full path of every route (`/`, `/orders/$id`, ...), for robots.txt and the sitemap. */
export function routePaths(): string[] {
  return Object.keys(createRouter('/').router.routesByPath);
}

export async function render(path: string): Promise<RenderedPage> {
  const { queryClient, auth, router } = createRouter(path);
  attachRouterServerSsrUtils({ router, manifest: undefined });
  await router.load();
  await preloadLazySections();
  await router.serverSsr?.dehydrate();
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} auth={auth}>
        <RouterServer router={router} />
      </AppProviders>
    </StrictMode>,
  );
  const html = (await transformHtmlStringWithRouter(router, markup)).replace(
    /^<!DOCTYPE html>/i,
    '',
  );
  const head = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
