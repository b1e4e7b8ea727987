import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 6: the landing page's initial JavaScript is at most 250 KB gzipped. */
export const LANDING_JS_BUDGET_BYTES = 250 * 1024;

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
  chunks: { file: string; gzipBytes: number }[];
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
  facadeModuleId: string | null;
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
}

/**
 * Sums the gzipped size of what the landing page loads before it is interactive: the entry
 * chunk, the landing route's component chunks (`/` and the catch-all), and every chunk they
 * import statically. Lazy chunks (other routes, payment and admin code) are not counted. The
 * build fails over budget or when a forbidden module reaches the landing page; the report is
 * written to `<outDir>/.vite/bundle-budget.json` for the test suite.
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
      const report: BudgetReport = {
        budgetBytes: LANDING_JS_BUDGET_BYTES,
        gzipBytes: 0,
        chunks: included.map((c) => ({
          file: c.fileName,
          gzipBytes: gzipSync(c.code, { level: 9 }).length,
        })),
        moduleIds: included.flatMap((c) => c.moduleIds),
        largest: included
          .flatMap((c) =>
            Object.entries(c.modules).map(([id, m]) => ({ id, bytes: m.renderedLength })),
          )
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 40),
      };
      report.gzipBytes = report.chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, '.vite/bundle-budget.json'), JSON.stringify(report, null, 2));

      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(
        `landing page JS: ${kb(report.gzipBytes)} gzipped (budget ${kb(LANDING_JS_BUDGET_BYTES)})`,
      );
      if (report.gzipBytes > LANDING_JS_BUDGET_BYTES) {
        this.error(
          `the landing page loads ${kb(report.gzipBytes)} of JavaScript gzipped, over the ${kb(LANDING_JS_BUDGET_BYTES)} budget`,
        );
      }
      const forbidden = report.moduleIds.filter((id) =>
        FORBIDDEN_ON_LANDING.some((re) => re.test(id)),
      );
      if (forbidden.length > 0) {
        this.error(`the landing page must not load: ${forbidden.slice(0, 5).join(', ')}`);
      }
    },
  };
}
