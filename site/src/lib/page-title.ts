const SITE_NAME = 'Studio';

/** The site-wide description: pages without their own, and the shell of unrendered pages. */
export const SITE_DESCRIPTION =
  'Studio: fixed-price sound design, mixing, mastering and audio post-production, a shop, events and a community game server.';

/** The document title of a page: "Cart | Studio", or just "Studio" for the landing page. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${SITE_NAME}` : SITE_NAME;
}

/** A route `head` for a page whose only head content is its title. */
export function titleHead(page?: string) {
  return () => ({ meta: [{ title: pageTitle(page) }] });
}
