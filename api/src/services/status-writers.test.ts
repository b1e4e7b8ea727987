import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * One writer per status (decisions 020, 037, 043): only its transition function changes a status
 * or writes its history. This reads the API's source the way the compiler does and names every
 * other place that does, at file:line.
 *
 * A table is known by its type, not its name in the code, so an alias (`refunds as r`), a
 * re-export or `schema.refunds` is still the table. A write counts when the object it writes may
 * hold the column, as its type says: a `status:` key, a spread (`.set({ ...changes })`), a
 * variable, a computed key; an object that may hold anything (`any`, an index signature) counts
 * too. SQL written by hand (`update refunds set status = ...`, with the table or the column
 * interpolated or not) counts when it assigns the column, or inserts without naming its columns.
 */

const srcDir = path.resolve(import.meta.dirname, '..');

interface Guard {
  /** What the table holds, as a failure names it. */
  what: string;
  /** The table's SQL name. */
  table: string;
  /** The guarded column (its key in the schema); none: every insert, update and delete. */
  column?: string;
  /** The files that may write it, from `api/src`. */
  writers: string[];
  /** A value an insert may give the column (a new product is created with no stock). */
  insertable?: number;
}

const order = 'services/orders/transition-order.ts';
const payment = 'services/payments/transition-payment.ts';
const submission = 'services/submissions/transition-submission.ts';
const work = 'services/project-room/move-work.ts';
const stock = ['services/stock/move-stock.ts', 'db/seed.ts'];
const guards: Guard[] = [
  { what: "an order's status", table: 'orders', column: 'status', writers: [order] },
  { what: "an order's history", table: 'order_status_history', writers: [order] },
  { what: "a payment's status", table: 'payments', column: 'status', writers: [payment] },
  { what: "a payment's history", table: 'payment_events', writers: [payment] },
  {
    what: "a submission's payment state",
    table: 'project_submissions',
    column: 'paymentState',
    writers: [submission],
  },
  { what: "a submission's history", table: 'submission_status_history', writers: [submission] },
  {
    what: "a submission's work status",
    table: 'project_submissions',
    column: 'workStatus',
    writers: [work],
  },
  { what: "a submission's work history", table: 'submission_work_history', writers: [work] },
  // The seed writes its products' stock with their `initial` movements (decision 037).
  { what: "a product's stock", table: 'products', column: 'stock', writers: stock, insertable: 0 },
  { what: 'the stock history', table: 'stock_movements', writers: stock },
  {
    what: "a refund's status",
    table: 'refunds',
    column: 'status',
    writers: ['services/refunds/transition-refund.ts'],
  },
  {
    what: "a blast recipient's status",
    table: 'email_blast_recipients',
    column: 'status',
    writers: ['services/blasts/transition-blast-recipient.ts'],
  },
  {
    what: "a download grant's status",
    table: 'download_grants',
    column: 'status',
    writers: ['services/downloads/open-grant.ts'],
  },
  {
    what: "a queued mail's status",
    table: 'outbound_mail',
    column: 'status',
    writers: ['services/mail/transition-outbound-mail.ts'],
  },
];

interface Write {
  guard: Guard;
  /** `file:line` from api/src. */
  at: string;
  how: string;
}

/** The API's source: every `.ts` file but the tests and their harness. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /(?<!\.test|\.d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every write of a guarded column or history found in `files`. */
function findWrites(files: string[]): Write[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.resolve(srcDir, '../tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('no tsconfig');
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const writes: Write[] = [];

  /** The literal string type of `type`'s `_.<name>`: drizzle's tables and columns carry one. */
  const meta = (type: ts.Type, name: string, at: ts.Node) => {
    const underscore = type.getProperty('_');
    if (!underscore) return undefined;
    const inner = checker.getTypeOfSymbolAtLocation(underscore, at).getProperty(name);
    const value = inner && checker.getTypeOfSymbolAtLocation(inner, at);
    return value?.isStringLiteral() ? value.value : undefined;
  };
  const tableOf = (node: ts.Expression) => {
    const type = checker.getTypeAtLocation(node);
    return meta(type, 'brand', node) === 'Table' ? meta(type, 'name', node) : undefined;
  };
  const columnOf = (node: ts.Expression) => {
    const type = checker.getTypeAtLocation(node);
    return meta(type, 'brand', node) === 'Column' ? meta(type, 'name', node) : undefined;
  };

  /** Whether an object of `type` may set `key`: unless its type proves it cannot. */
  const maySet = (type: ts.Type, key: string, at: ts.Node, insertable?: number): boolean => {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) {
      return true;
    }
    if (type.isUnion()) return type.types.some((t) => maySet(t, key, at, insertable));
    if (checker.isArrayLikeType(type)) {
      const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
      return !element || maySet(element, key, at, insertable);
    }
    const property = type.getProperty(key);
    if (property) {
      if (insertable === undefined) return true;
      // `stock: 0` is widened to a number in the object's type: its declaration tells.
      const declared = property.valueDeclaration;
      const value = checker.getTypeOfSymbolAtLocation(property, at);
      const literal =
        declared && ts.isPropertyAssignment(declared) && ts.isNumericLiteral(declared.initializer)
          ? Number(declared.initializer.text)
          : value.isNumberLiteral()
            ? value.value
            : undefined;
      return literal !== insertable;
    }
    // `Record<string, …>`, `{ [key]: … }` with a key of type string: may hold it.
    return checker.getIndexInfosOfType(type).length > 0;
  };

  /** The calls chained after `call`: `.set(…)`, `.values(…)`, `.onConflictDoUpdate(…)`. */
  const chained = (call: ts.CallExpression) => {
    const calls: { name: string; args: readonly ts.Expression[] }[] = [];
    let node: ts.Expression = call;
    while (
      ts.isPropertyAccessExpression(node.parent) &&
      ts.isCallExpression(node.parent.parent) &&
      node.parent.parent.expression === node.parent
    ) {
      calls.push({ name: node.parent.name.text, args: node.parent.parent.arguments });
      node = node.parent.parent;
    }
    return calls;
  };

  const text = (node: ts.Node) => node.getText().replace(/\s+/g, ' ').slice(0, 80);

  /** A drizzle `.update(t)`, `.insert(t)` or `.delete(t)` of a guarded table. */
  const queryBuilder = (call: ts.CallExpression, where: (node: ts.Node) => string) => {
    const callee = call.expression;
    const [target] = call.arguments;
    if (!ts.isPropertyAccessExpression(callee) || call.arguments.length !== 1 || !target) return;
    const kind = callee.name.text;
    if (kind !== 'update' && kind !== 'insert' && kind !== 'delete') return;
    const table = tableOf(target);
    const at = where(callee.name);
    for (const guard of guards.filter((g) => g.table === table)) {
      const { column } = guard;
      if (!column) {
        writes.push({ guard, at, how: `.${kind}(${target.getText()})` });
        continue;
      }
      if (kind === 'delete') continue;
      const after = chained(call);
      // The objects it writes; none found (a builder kept in a variable, an insert from a
      // select) cannot be proven not to write the column.
      const written: ts.Expression[] = [];
      let unseen = true;
      for (const { name, args } of after) {
        const [arg] = args;
        if (!arg) continue;
        if (name === 'set' || name === 'values') {
          written.push(arg);
          unseen = false;
        } else if (name === 'onConflictDoUpdate') {
          const set = checker.getTypeAtLocation(arg).getProperty('set');
          if (set && maySet(checker.getTypeOfSymbolAtLocation(set, arg), column, arg)) {
            writes.push({ guard, at, how: `.onConflictDoUpdate(${text(arg)})` });
          }
        } else if (name === 'select') unseen = true;
      }
      if (unseen) writes.push({ guard, at, how: `.${kind}(${target.getText()}) of unseen values` });
      for (const arg of written) {
        const insertable = kind === 'insert' ? guard.insertable : undefined;
        if (maySet(checker.getTypeAtLocation(arg), column, arg, insertable)) {
          writes.push({ guard, at, how: `.${kind === 'update' ? 'set' : 'values'}(${text(arg)})` });
        }
      }
    }
  };

  /** SQL in a string or template, interpolated tables and columns put back by name. */
  const handWritten = (node: ts.TemplateLiteral | ts.StringLiteral, at: string) => {
    let query = ts.isTemplateExpression(node) ? node.head.text : node.text;
    if (ts.isTemplateExpression(node)) {
      for (const span of node.templateSpans) {
        const name = tableOf(span.expression);
        const column = columnOf(span.expression);
        query += ` ${name ?? (column ? snake(column) : '__expr__')} ${span.literal.text}`;
      }
    }
    for (const statement of sqlWrites(query.replace(/\s+/g, ' '))) {
      for (const guard of guards) {
        const column = guard.column && snake(guard.column);
        const table = statement.table === '__expr__' || statement.table === guard.table;
        if (!table || (statement.table === '__expr__' && !column)) continue;
        const writesIt =
          !column ||
          (statement.kind !== 'delete' &&
            (statement.columns === undefined ||
              statement.columns.some((c) => c === column || c.includes('__expr__'))));
        if (writesIt) writes.push({ guard, at, how: statement.how });
      }
    }
  };

  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} was not read`);
    const name = path.relative(srcDir, file).split(path.sep).join('/');
    const at = (node: ts.Node) =>
      `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) queryBuilder(node, at);
      if (ts.isTemplateLiteral(node) || ts.isStringLiteral(node)) handWritten(node, at(node));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return writes;
}

interface SqlWrite {
  kind: 'update' | 'insert' | 'delete';
  table: string;
  /** The columns it assigns; undefined: all of them may be (an insert naming none). */
  columns?: string[];
  how: string;
}

/**
 * The columns assigned by `set a = …, (b, c) = …` from `from` up to the end of the list: a
 * `from`, `where` or `returning`, a `;` or the parenthesis that closes the statement.
 */
function assigned(query: string, from: number): string[] {
  const targets: string[] = [];
  const clauseEnd = /\s(?:from|where|returning)\b/iy;
  let depth = 0;
  let piece = '';
  for (let i = from; ; i++) {
    const ch = query[i];
    clauseEnd.lastIndex = i;
    const end = ch === undefined || (depth === 0 && (ch === ';' || clauseEnd.test(query)));
    if (end || (depth === 0 && (ch === ',' || ch === ')'))) {
      const target = (piece.split('=')[0] ?? '').replace(/[()"]/g, '');
      for (const column of target.split(',')) {
        targets.push(
          column
            .trim()
            .replace(/^\w+\./, '')
            .toLowerCase(),
        );
      }
      piece = '';
      if (end || ch === ')') return targets;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    piece += ch;
  }
}

function sqlWrites(query: string): SqlWrite[] {
  const found: SqlWrite[] = [];
  const name = String.raw`(?:only\s+)?(?:\w+\.)?"?(\w+)"?`;
  for (const m of query.matchAll(
    new RegExp(String.raw`\bupdate\s+${name}(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b`, 'gi'),
  )) {
    found.push({
      kind: 'update',
      table: m[1] ?? '',
      columns: assigned(query, m.index + m[0].length),
      how: m[0],
    });
  }
  for (const m of query.matchAll(
    new RegExp(String.raw`\binsert\s+into\s+${name}(?:\s+as\s+\w+)?\s*(?:\(([^)]*)\))?`, 'gi'),
  )) {
    const columns = m[2]?.split(',').map((c) => c.trim().replace(/"/g, '').toLowerCase());
    found.push({ kind: 'insert', table: m[1] ?? '', ...(columns ? { columns } : {}), how: m[0] });
    const upsert = /\bdo\s+update\s+set\b/i.exec(query.slice(m.index));
    if (upsert) {
      const at = m.index + upsert.index + upsert[0].length;
      found.push({
        kind: 'update',
        table: m[1] ?? '',
        columns: assigned(query, at),
        how: upsert[0],
      });
    }
  }
  for (const m of query.matchAll(new RegExp(String.raw`\bdelete\s+from\s+${name}`, 'gi'))) {
    found.push({ kind: 'delete', table: m[1] ?? '', how: m[0] });
  }
  return found;
}

let writes: Write[] = [];
beforeAll(() => {
  writes = findWrites(sources(srcDir));
}, 180_000);

describe('one writer per status', () => {
  it.each(guards.map((guard) => [guard.what, guard] as const))(
    'only its writer writes %s',
    (_what, guard) => {
      const mine = writes.filter((w) => w.guard === guard);
      const elsewhere = mine.filter((w) => !guard.writers.includes(w.at.split(':')[0] ?? ''));
      expect(elsewhere.map((w) => `${w.at} ${guard.table}: ${w.how}`)).toEqual([]);
      // The check sees the writers themselves, so it cannot pass by reading nothing.
      for (const writer of guard.writers) {
        expect(
          mine.some((w) => w.at.startsWith(`${writer}:`)),
          writer,
        ).toBe(true);
      }
    },
  );
});
