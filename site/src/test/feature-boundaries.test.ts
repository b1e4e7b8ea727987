import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Features never import each other's internals (decision 041). A folder of `src/features` with a
 * `feature.json` is a feature; a file belongs to the nearest one above it (so `admin/orders` is a
 * feature of its own inside `admin`). The `exports` of a feature.json name the files other code
 * may import, each with who needs it. Every import in `src` (tests too, dynamic `import()`
 * included) is read with TypeScript's own pre-processor and must stay inside its feature or
 * reach an exported file; `src/lib` and `src/components/ui` (infrastructure) import no feature,
 * nor does UI that two features share (`src/components/project-room`: the client's room and the
 * studio's tab), so either may import it.
 */

const site = resolve(import.meta.dirname, '../..');
const src = join(site, 'src');
const featuresDir = join(src, 'features');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const rel = (path: string) => relative(src, path).split('\\').join('/');

interface Feature {
  /** `shop`, `admin`, `admin/orders` */
  name: string;
  dir: string;
  exports: Record<string, string>;
}

const features: Feature[] = walk(featuresDir)
  .filter((path) => path.endsWith('/feature.json'))
  .map((path) => ({
    name: relative(featuresDir, dirname(path)),
    dir: dirname(path),
    exports: (JSON.parse(readFileSync(path, 'utf8')) as { exports: Record<string, string> })
      .exports,
  }));

/** The feature a file belongs to: the deepest feature folder above it. */
function ownerOf(file: string): Feature | undefined {
  return features
    .filter((f) => file.startsWith(`${f.dir}/`))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

const isExported = (feature: Feature, file: string) =>
  Object.hasOwn(feature.exports, relative(feature.dir, file));

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`].find((p) => existsSync(p) && statSync(p).isFile());
}

/** Infrastructure, and UI that features share: what they import may not reach back into one. */
const IMPORTS_NO_FEATURE = ['lib/', 'components/ui/', 'components/project-room/'];

/** Every import of `src` that crosses a feature's boundary other than through its exports. */
function boundaryViolations(): string[] {
  const violations: string[] = [];
  for (const file of walk(src).filter((p) => /\.tsx?$/.test(p))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const from = ownerOf(file);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (!target?.startsWith(`${featuresDir}/`)) continue;
      const to = ownerOf(target);
      const keptApart = IMPORTS_NO_FEATURE.find((prefix) => rel(file).startsWith(prefix));
      if (keptApart) {
        violations.push(`${rel(file)} imports ${rel(target)}: ${keptApart} imports no feature`);
      } else if (to && to !== from && !isExported(to, target)) {
        violations.push(
          `${rel(file)} imports ${rel(target)}, which features/${to.name} does not export ` +
            `(its feature.json exports: ${Object.keys(to.exports).join(', ') || 'nothing'})`,
        );
      }
    }
  }
  return violations;
}

describe('feature boundaries', () => {
  it('makes every folder of src/features a feature that names its exports', () => {
    const top = readdirSync(featuresDir).filter((n) =>
      statSync(join(featuresDir, n)).isDirectory(),
    );
    expect(top.filter((name) => !features.some((f) => f.name === name))).toEqual([]);
    expect(
      walk(featuresDir)
        .filter((file) => !ownerOf(file))
        .map(rel),
    ).toEqual([]);
  });

  it('exports only files of the feature that exist and are not tests', () => {
    const wrong = features.flatMap((f) =>
      Object.keys(f.exports)
        .filter((path) => {
          const file = join(f.dir, path);
          return !existsSync(file) || ownerOf(file) !== f || /\.test\.tsx?$/.test(path);
        })
        .map((path) => `features/${f.name}: ${path}`),
    );
    expect(wrong).toEqual([]);
  });

  it('exports what package.json offers the console', () => {
    const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    const offered = Object.values(pkg.exports)
      .map((path) => join(site, path))
      .filter((file) => file.startsWith(`${featuresDir}/`));
    expect(offered.filter((file) => !isExported(ownerOf(file) as Feature, file)).map(rel)).toEqual(
      [],
    );
  });

  it('lets no file import another feature other than through its exports', () => {
    expect(boundaryViolations()).toEqual([]);
  });
});
