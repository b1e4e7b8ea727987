import { pageTitle } from './page-title';
import { absoluteUrl } from './site-url';

export interface PageSeo {
  /** The page's own name ("Minecraft Server"); none for the landing page. */
  page?: string;
  description: string;
  /** The path of the page's canonical URL, e.g. `/minecraft`. */
  path: string;
  /** schema.org structured data for the page at `url`, written as an inline JSON-LD script. */
  jsonLd?: (url: string) => unknown;
}

/**
 * JSON for an inline script: `<` is escaped so no string in the data can close the element.
 * (https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements)
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * A route `head` for a public page: title, description, Open Graph, canonical URL and JSON-LD.
 * Pre-rendered into the page's HTML at build time (scripts/prerender), so crawlers and link
 * previews that run no script see them. No og:image: the site has no picture fit for previews.
 */
export function seoHead({ page, description, path, jsonLd }: PageSeo) {
  return () => {
    const title = pageTitle(page);
    const url = absoluteUrl(path);
    return {
      meta: [
        { title },
        { name: 'description', content: description },
        { property: 'og:title', content: title },
        { property: 'og:description', content: description },
        { property: 'og:type', content: 'website' },
        { property: 'og:url', content: url },
      ],
      links: [{ rel: 'canonical', href: url }],
      scripts: jsonLd
        ? [{ type: 'application/ld+json', children: jsonForScript(jsonLd(url)) }]
        : undefined,
    };
  };
}
