import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The landing page's initial JavaScript (issue 6 set 250 KB; issue 13 brought it near 160 KB by
 * deferring below-the-fold sections, the account menu and the toasts): at most 175 KB gzipped.
 */
export const LANDING_JS_BUDGET_BYTES = 175 * 1024;

/** Its sections loaded after the first view (services, shop, contact, newsletter, campaigns), gzipped. */
export const LANDING_DEFERRED_JS_BUDGET_BYTES = 50 * 1024;

/**
 * The landing page's stylesheets, gzipped (issue 13): the rules its pre-rendered HTML uses are
 * inlined by build/prerender.ts, and these load without blocking the first paint, but they are
 * still bytes of every first visit. Mantine's full core sheet is most of it (about 38 KB).
 */
export const LANDING_CSS_BUDGET_BYTES = 45 * 1024;

/** The module whose lazy sections (`lazySection(() => import(...))`) load right after the first view. */
const LANDING_PAGE_MODULE = /src\/features\/landing\/components\/landing-page\.tsx$/;

/** Modules that must never load on the landing page (they load only where used). */
export const FORBIDDEN_ON_LANDING = [
  /node_modules\/.*\/ethers\//,
  /node_modules\/.*@alephium\//,
  /node_modules\/.*@paypal\//,
  /src\/features\/admin\//,
];

export interface BudgetReport {
  budgetBytes: number;
  gzipBytes: number;
  /** The same chunks with brotli (quality 11), as the API serves them. */
  brotliBytes: number;
  chunks: { file: string; gzipBytes: number }[];
  /** Chunks of the sections that load after the first view, beyond `chunks`. */
  deferred: {
    budgetBytes: number;
    gzipBytes: number;
    chunks: { file: string; gzipBytes: number }[];
  };
  /** Stylesheets the landing page loads (non-blocking; its critical rules are inlined). */
  css: { budgetBytes: number; gzipBytes: number; files: { file: string; gzipBytes: number }[] };
  moduleIds: string[];
  /** The largest modules by rendered size, to see what to split when over budget. */
  largest: { id: string; bytes: number }[];
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
  facadeModuleId: string | null;
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
}

/**
 * Sums the gzipped size of what the landing page loads before it is interactive: the entry
 * chunk, the landing route's component chunks (`/` and the catch-all), and every chunk they
 * import statically. Apart: the sections it loads right after (its `lazySection`s) and its
 * stylesheets. Lazy chunks used on demand (other routes, modals, payment and admin code) are not
 * counted. The build fails over a budget or when a forbidden module reaches the landing page;
 * the report is written to `<outDir>/.vite/bundle-budget.json` for the test suite.
 */
export function bundleBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'studio-bundle-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const isLandingRoute = (c: ChunkLike) =>
        /src\/routes\/(index|\$)\.tsx\?tsr-split=component/.test(c.facadeModuleId ?? '');
      const roots = [...chunks.values()].filter((c) => c.isEntry || isLandingRoute(c));
      if (!roots.some(isLandingRoute)) {
        this.error('bundle budget: the landing route chunk was not found');
      }
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of chunks.get(file)?.imports ?? []) visit(dep);
      };
      for (const root of roots) visit(root.fileName);

      const included = [...seen].map((file) => chunks.get(file)).filter((c) => c !== undefined);
      const gz = (code: string | Uint8Array) => gzipSync(code, { level: 9 }).length;
      const br = (code: string) =>
        brotliCompressSync(code, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;

      // The landing page's lazy sections: the chunks of what landing-page.tsx imports
      // dynamically, with whatever they import that the first view did not load.
      const landingPageId = [...this.getModuleIds()].find((id) => LANDING_PAGE_MODULE.test(id));
      const sectionIds = new Set(
        landingPageId ? (this.getModuleInfo(landingPageId)?.dynamicallyImportedIds ?? []) : [],
      );
      const deferredFiles = new Set<string>();
      const visitDeferred = (file: string) => {
        if (seen.has(file) || deferredFiles.has(file)) return;
        deferredFiles.add(file);
        for (const dep of chunks.get(file)?.imports ?? []) visitDeferred(dep);
      };
      for (const chunk of chunks.values()) {
        if (chunk.facadeModuleId && sectionIds.has(chunk.facadeModuleId)) {
          visitDeferred(chunk.fileName);
        }
      }
      const deferred = [...deferredFiles]
        .map((file) => chunks.get(file))
        .filter((c) => c !== undefined);

      const cssFiles = new Set(
        [...included, ...deferred].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
      );
      const cssSource = (file: string) => {
        const asset = bundle[file];
        return asset?.type === 'asset' ? asset.source : '';
      };

      const report: BudgetReport = {
        budgetBytes: LANDING_JS_BUDGET_BYTES,
        gzipBytes: 0,
        brotliBytes: included.reduce((sum, c) => sum + br(c.code), 0),
        chunks: included.map((c) => ({ file: c.fileName, gzipBytes: gz(c.code) })),
        deferred: {
          budgetBytes: LANDING_DEFERRED_JS_BUDGET_BYTES,
          gzipBytes: 0,
          chunks: deferred.map((c) => ({ file: c.fileName, gzipBytes: gz(c.code) })),
        },
        css: {
          budgetBytes: LANDING_CSS_BUDGET_BYTES,
          gzipBytes: 0,
          files: [...cssFiles].map((file) => ({ file, gzipBytes: gz(cssSource(file)) })),
        },
        moduleIds: included.flatMap((c) => c.moduleIds),
        largest: included
          .flatMap((c) =>
            Object.entries(c.modules).map(([id, m]) => ({ id, bytes: m.renderedLength })),
          )
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 40),
      };
      report.gzipBytes = report.chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
      report.deferred.gzipBytes = report.deferred.chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
      report.css.gzipBytes = report.css.files.reduce((sum, f) => sum + f.gzipBytes, 0);
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite/bundle-budget.json'), JSON.stringify(report, null, 2));

      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(
        `landing page JS: ${kb(report.gzipBytes)} gzipped, ${kb(report.brotliBytes)} brotli (budget ${kb(LANDING_JS_BUDGET_BYTES)} gzipped); ` +
          `after the first view ${kb(report.deferred.gzipBytes)} (budget ${kb(LANDING_DEFERRED_JS_BUDGET_BYTES)}); ` +
          `CSS ${kb(report.css.gzipBytes)} (budget ${kb(LANDING_CSS_BUDGET_BYTES)})`,
      );
      if (report.gzipBytes > LANDING_JS_BUDGET_BYTES) {
        this.error(
          `the landing page loads ${kb(report.gzipBytes)} of JavaScript gzipped, over the ${kb(LANDING_JS_BUDGET_BYTES)} budget`,
        );
      }
      if (sectionIds.size === 0 || report.deferred.chunks.length === 0) {
        this.error(
          'bundle budget: the landing page sections loaded after the first view were not found',
        );
      }
      if (report.deferred.gzipBytes > LANDING_DEFERRED_JS_BUDGET_BYTES) {
        this.error(
          `the landing page's deferred sections load ${kb(report.deferred.gzipBytes)} of JavaScript gzipped, over the ${kb(LANDING_DEFERRED_JS_BUDGET_BYTES)} budget`,
        );
      }
      if (report.css.files.length === 0) this.error('bundle budget: the landing CSS was not found');
      if (report.css.gzipBytes > LANDING_CSS_BUDGET_BYTES) {
        this.error(
          `the landing page loads ${kb(report.css.gzipBytes)} of CSS gzipped, over the ${kb(LANDING_CSS_BUDGET_BYTES)} budget`,
        );
      }
      const forbidden = [...report.moduleIds, ...deferred.flatMap((c) => c.moduleIds)].filter(
        (id) => FORBIDDEN_ON_LANDING.some((re) => re.test(id)),
      );
      if (forbidden.length > 0) {
        this.error(`the landing page must not load: ${forbidden.slice(0, 5).join(', ')}`);
      }
    },
  };
}
