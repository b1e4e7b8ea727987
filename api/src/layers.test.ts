import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The direction of the API's layers (decision 042), read from the imports of every source file
 * of api/src (tests and the test harness left out), type-only imports included:
 * - `lib/` is infrastructure: it imports only `lib/`, `env.ts`, and the types of the request
 *   context (`context.ts`) and of the database handle (`db/client.ts`); nothing of a domain
 *   (services, routes, middleware, jobs, cache, backup, cli, openapi, db/schema, the app).
 * - `services/` never import `routes/`, `middleware/`, the app (`app.ts`), the server or the CLI.
 * - `openapi/` imports only `openapi/` and `lib/`: the description is handed the route table and
 *   the access rows by the app, so it knows no route.
 * - `routes/` never import the app, the server or the CLI.
 */
const src = import.meta.dirname;

interface Import {
  /** Both relative to api/src, with `/`: `lib/logger.ts`. */
  from: string;
  to: string;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const rel = (file: string) => path.relative(src, file).split(path.sep).join('/');

/** The api/src files a source file imports (`import`, `export … from`, `import()`). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  // A module imported for its types alone; one also imported for a value is not.
  const types = new Set<string>();
  const values = new Set<string>();
  for (const statement of ts.createSourceFile(file, text, ts.ScriptTarget.Latest).statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    const onlyTypes = ts.isImportDeclaration(statement)
      ? clause?.isTypeOnly === true ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly))
      : statement.isTypeOnly;
    (onlyTypes ? types : values).add(spec.text);
  }
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => ({
      from: rel(file),
      to: rel(path.resolve(path.dirname(file), fileName)),
      typeOnly: types.has(fileName) && !values.has(fileName),
    }));
}

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
const outsideSrc = (file: string) => file.startsWith('../');
const entryPoints = (file: string) =>
  ['app.ts', 'server.ts', 'index.ts'].includes(file) || under('cli')(file);

/** Each rule: the files it holds, and whether one of their imports breaks it. */
const rules: { name: string; holds: (file: string) => boolean; refuses: (i: Import) => boolean }[] =
  [
    {
      name: 'lib imports nothing of the domain',
      holds: under('lib'),
      refuses: (i) =>
        !outsideSrc(i.to) &&
        !under('lib')(i.to) &&
        i.to !== 'env.ts' &&
        !(i.typeOnly && (i.to === 'context.ts' || i.to === 'db/client.ts')),
    },
    {
      name: 'services never import routes, middleware, the app or the server',
      holds: under('services'),
      refuses: (i) => under('routes')(i.to) || under('middleware')(i.to) || entryPoints(i.to),
    },
    {
      name: 'openapi imports only openapi and lib',
      holds: under('openapi'),
      refuses: (i) => !outsideSrc(i.to) && !under('openapi')(i.to) && !under('lib')(i.to),
    },
    {
      name: 'routes never import the app or the server',
      holds: under('routes'),
      refuses: (i) => entryPoints(i.to),
    },
  ];

/** `rule: from -> to` for every import that breaks a rule. */
function violations(imports: Import[]): string[] {
  return rules.flatMap((rule) =>
    imports
      .filter((i) => rule.holds(i.from) && rule.refuses(i))
      .map((i) => `${rule.name}: ${i.from} -> ${i.to}${i.typeOnly ? ' (types)' : ''}`),
  );
}

describe('the layers of api/src', () => {
  const imports = sources(src).flatMap(importsOf);

  it('hold: every import goes the way its layer allows', () => {
    expect(violations(imports)).toEqual([]);
  });

  it('are read: each rule holds files that import something', () => {
    for (const rule of rules)
      expect(
        imports.some((i) => rule.holds(i.from)),
        rule.name,
      ).toBe(true);
  });

  // The check itself, on imports made up for it: each rule refuses what it names.
  it.each([
    ['lib/logger.ts', 'services/mail/queue-mail.ts', false],
    ['lib/csv.ts', 'db/schema/orders.ts', true],
    ['lib/csv.ts', 'context.ts', false],
    ['services/orders/create-order.ts', 'routes/orders.ts', false],
    ['services/orders/create-order.ts', 'app.ts', true],
    ['openapi/document.ts', 'routes/access.ts', false],
    ['openapi/document.ts', 'services/mail/templates/layout.ts', false],
    ['routes/access.ts', 'app.ts', true],
  ])('refuse %s -> %s (types only: %s)', (from, to, typeOnly) => {
    expect(violations([{ from, to, typeOnly }])).toHaveLength(1);
  });
});
