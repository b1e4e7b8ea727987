import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of every answer (docs/decisions/028-security-headers.md).
 *
 * - The site's pages: their own scripts and the hashes of the inline scripts the build wrote
 *   into each page (never 'unsafe-inline' for scripts), the PayPal JS SDK, the Alephium
 *   extension wallet's node, nothing may frame them.
 * - HTML the API writes itself (the unsubscribe page, the API reference): no script at all.
 * - Everything else (JSON, files): nothing may load or frame it.
 */

/**
 * PayPal's JS SDK (v5) as PayPal documents it (developer.paypal.com/sdk/js/best-practices):
 * the same three hosts in script-src, style-src, img-src, connect-src and frame-src; the
 * wildcards cover the live and the sandbox SDK. `https:` is pinned so no plain-HTTP copy loads.
 */
export const PAYPAL_SOURCES = [
  'https://*.paypal.com',
  'https://*.paypalobjects.com',
  'https://*.venmo.com',
] as const;

/**
 * The Alephium extension wallet builds its `nodeProvider` in the page from its own network's
 * node URL (alephium/extension-wallet, inpage/alephiumWindowObject.ts); the payment panel asks
 * it for the balance, so that fetch is the page's and needs connect-src. These are the wallet's
 * default networks; ALPH_NODE_URL's origin is added beside them. A wallet on a custom node shows
 * no balance (the panel says nothing and the payment still works: signing goes through the
 * extension, not the page).
 */
export const ALEPHIUM_WALLET_NODES = [
  'https://node.mainnet.alephium.org',
  'https://node.testnet.alephium.org',
] as const;

/** JSON and files: nothing loads from them, nothing frames them. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * HTML the API writes (unsubscribe, /api/docs): inline styles and a same-origin form, no script.
 */
export const API_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_RE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** Types a browser runs (anything else, e.g. application/ld+json, is a data block). */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The CSP hashes ('sha256-…') of the inline scripts of an HTML page, in order, without repeats:
 * each script element without `src` whose type a browser executes. The text is hashed as the
 * browser hashes it, the element's content as written (no entity decoding in <script>).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(SCRIPT_RE)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = TYPE_RE.exec(attrs);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!SCRIPT_TYPES.has(value)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** An origin for a source list, or nothing for a URL that is not http(s). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

export interface SitePolicy {
  /** The policy of one page of the built site, given its inline scripts' hashes. */
  page(scriptHashes: readonly string[], tls: boolean): string;
}

/**
 * The site's page policy for this server. `alephiumNodeUrl` is ALPH_NODE_URL: a wallet on the
 * same network may use the same node.
 */
export function sitePolicy({ alephiumNodeUrl }: { alephiumNodeUrl?: string | undefined }) {
  const paypal = PAYPAL_SOURCES.join(' ');
  const nodes = [...new Set([...ALEPHIUM_WALLET_NODES, originOf(alephiumNodeUrl)])]
    .filter(Boolean)
    .join(' ');
  const fixed = {
    connect: `connect-src 'self' ${paypal} ${nodes}`,
    rest: [
      `style-src 'self' 'unsafe-inline' ${paypal}`,
      // data: for inline SVG (icons, PayPal's marks); blob: for previews of files chosen for upload.
      `img-src 'self' data: blob: ${paypal}`,
      "font-src 'self' data:",
      `frame-src ${paypal}`,
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self' ${paypal}`,
      "frame-ancestors 'none'",
    ],
  };
  return {
    page(scriptHashes: readonly string[], tls: boolean): string {
      return [
        "default-src 'self'",
        ['script-src', "'self'", ...scriptHashes, paypal].join(' '),
        fixed.connect,
        ...fixed.rest,
        ...(tls ? ['upgrade-insecure-requests'] : []),
      ].join('; ');
    },
  } satisfies SitePolicy;
}
