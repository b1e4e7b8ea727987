import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build, type Plugin } from 'vite';
import { planCrawl, robotsTxt, sitemapXml } from './crawl-files.ts';

/** What the server entry (src/entry-server.tsx) exports; loaded from its Node build. */
interface ServerEntry {
  render(path: string): Promise<{ head: string; body: string }>;
  routePaths(): string[];
  SITE_DESCRIPTION: string;
  PLACEHOLDER_ORIGIN: string;
}

export interface PrerenderedFile {
  route: string;
  file: string;
}

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/` -> `index.html`, `/minecraft` -> `minecraft/index.html` (the API's lookup, see README). */
export function htmlFileFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/**
 * Fills the client build's index.html for one route: the route's head tags replace the shell's
 * title, its markup goes into #root, and `data-prerendered` names the path, so main.tsx hydrates
 * only the page the HTML was made for.
 */
export function fillTemplate(template: string, route: string, head: string, body: string): string {
  // Replacer functions, not strings: the markup holds `$` (prices) that a replacement string
  // would read as a capture group.
  return (
    template
      .replace(/<title>[^<]*<\/title>\s*/, () => '')
      // Right after the viewport tag: title and description come first in <head>.
      .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}\n    ${head}`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${escapeAttr(route)}">${body}</div>`,
      )
  );
}

/**
 * Pre-renders the public pages at build time, in Node (no browser, no API): after the client
 * bundle is written, builds src/entry-server.tsx for Node with the same config, renders each
 * public route into `<route>/index.html`, writes `spa.html` (the empty shell the API serves for
 * every other page), robots.txt and sitemap.xml, then inlines each page's critical CSS
 * (beasties) and turns the full stylesheet into a non-blocking load. Runs before precompress().
 */
export function prerender(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let mode = 'production';
  return {
    name: 'studio-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        // One server build per output folder, so two builds side by side (SITE_OUT) do not clash;
        // inside node_modules so Node resolves its imports from the site's dependencies.
        const key = createHash('sha256').update(outDir).digest('hex').slice(0, 12);
        const serverDir = path.join(root, 'node_modules/.cache/prerender', key);
        rmSync(serverDir, { recursive: true, force: true });
        await build({
          root,
          mode,
          logLevel: 'warn',
          configFile: path.join(root, 'vite.config.ts'),
          build: {
            ssr: path.join(root, 'src/entry-server.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            sourcemap: false,
            minify: false,
          },
        });
        const entry = (await import(
          pathToFileURL(path.join(serverDir, 'entry-server.js')).href
        )) as ServerEntry;

        const plan = planCrawl(entry.routePaths());
        if (plan.unclassified.length > 0) {
          this.error(
            `routes neither public nor disallowed in build/crawl-files.ts: ${plan.unclassified.join(', ')}`,
          );
        }
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const beasties = new Beasties({
          path: outDir,
          publicPath: '/',
          // The full stylesheet loads without blocking the first paint (media="print", switched
          // by one script at the end of <body>, with a <noscript> link for browsers without
          // script); the rules this page uses are inlined. 'media-script', not 'media': an
          // onload="…" attribute is an inline handler no CSP hash allows without
          // 'unsafe-hashes', while the script is allowed by its hash (decision 028).
          preload: 'media-script',
          pruneSource: false,
          reduceInlineStyles: false,
          logLevel: 'warn',
        });
        const written: PrerenderedFile[] = [];
        for (const route of plan.pages) {
          const { head, body } = await entry.render(route);
          const html = await beasties.process(fillTemplate(template, route, head, body));
          const file = path.join(outDir, htmlFileFor(route));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, html);
          written.push({ route, file: htmlFileFor(route) });
        }
        // The shell for pages that are not pre-rendered (accounts, checkout, admin, unknown
        // paths): the site-wide title and description, and the full stylesheet, blocking.
        writeFileSync(
          path.join(outDir, 'spa.html'),
          template.replace(
            /<title>[^<]*<\/title>/,
            (title) =>
              `${title}\n    <meta name="description" content="${escapeAttr(entry.SITE_DESCRIPTION)}" />`,
          ),
        );
        writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(entry.PLACEHOLDER_ORIGIN));
        writeFileSync(
          path.join(outDir, 'sitemap.xml'),
          sitemapXml(entry.PLACEHOLDER_ORIGIN, plan.pages),
        );
        mkdirSync(path.join(outDir, '.vite'), { recursive: true });
        writeFileSync(
          path.join(outDir, '.vite/prerender.json'),
          JSON.stringify({ pages: written }, null, 2),
        );
        // Nothing else reads the server build; it is rebuilt each time.
        rmSync(serverDir, { recursive: true, force: true });
        this.info(
          `pre-rendered ${written.map((w) => w.route).join(', ')}; spa.html, robots.txt, sitemap.xml`,
        );
      },
    },
  };
}
