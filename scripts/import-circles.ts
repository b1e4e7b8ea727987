/**
 * Lists the import circles (type-only imports included) among the source files of the given
 * folders: `pnpm circles` (all of api/src, site/src, shared/src, console/src) or
 * `pnpm circles api/src`. Exits 1 when there is one. Tests are left out: they may import anything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const defaults = ['api/src', 'site/src', 'shared/src', 'console/src'];
const folders = (process.argv.slice(2).length ? process.argv.slice(2) : defaults).map((f) =>
  resolve(root, f),
);

const isTest = (f: string) => /\.(test|e2e)\.tsx?$|\/test\/|\/e2e\/|routeTree\.gen\.ts$/.test(f);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'out' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(path) ? [path] : [];
  });
}

const packages: Record<string, string> = {
  '@studio/shared/': 'shared/src/',
  '@studio/api/client': 'api/src/client',
  '@studio/site/admin': 'site/src/features/admin/admin-app',
  '@studio/site/theme': 'site/src/lib/theme',
};

function resolveImport(from: string, spec: string): string | undefined {
  let base: string | undefined;
  if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else if (spec.startsWith('@/')) base = resolve(root, 'site/src', spec.slice(2));
  else
    for (const [prefix, target] of Object.entries(packages))
      if (spec.startsWith(prefix)) base = resolve(root, target + spec.slice(prefix.length));
  if (!base) return undefined;
  const stem = base.replace(/\.(tsx?|js)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    join(stem, 'index.ts'),
    join(stem, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

const files = folders.flatMap(sources);
const known = new Set(files);
const edges = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  edges.set(
    file,
    importedFiles.flatMap(({ fileName }) => {
      const target = resolveImport(file, fileName);
      return target && known.has(target) ? [target] : [];
    }),
  );
}

// Tarjan's strongly connected components: every component of two or more files is a circle.
let index = 0;
const stack: string[] = [];
const state = new Map<string, { index: number; low: number; onStack: boolean }>();
const circles: string[][] = [];
function connect(v: string) {
  const s = { index, low: index, onStack: true };
  index++;
  state.set(v, s);
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    const t = state.get(w);
    if (!t) {
      connect(w);
      s.low = Math.min(s.low, state.get(w)?.low ?? s.low);
    } else if (t.onStack) s.low = Math.min(s.low, t.index);
  }
  if (s.low === s.index) {
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (!w) break;
      const t = state.get(w);
      if (t) t.onStack = false;
      component.push(w);
    } while (w !== v);
    const selfImport = component.length === 1 && (edges.get(v) ?? []).includes(v);
    if (component.length > 1 || selfImport) circles.push(component);
  }
}
for (const file of files) if (!state.has(file)) connect(file);

for (const circle of circles) {
  console.log(`circle of ${circle.length} files:`);
  for (const file of circle.sort()) console.log(`  ${relative(root, file)}`);
}
console.log(`${files.length} files, ${circles.length} import circles`);
process.exit(circles.length ? 1 : 0);
