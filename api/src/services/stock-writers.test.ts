import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One writer of stock (decision 037): only `moveStock` changes `products.stock`, in the statement
 * that records the movement, so no movement goes unrecorded. The seed writes its products' stock
 * with their `initial` movements. This reads the API's source the way a reviewer would and names
 * every other place that writes the stock or a movement.
 */
const root = path.resolve(import.meta.dirname, '..');
const writers = new Set(['services/stock/move-stock.ts', 'db/seed.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The statement from `start` to its end (the next `;` outside parentheses and braces). */
function statementAt(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    else if (ch === ';' && depth <= 0) return text.slice(start, i);
  }
  return text.slice(start);
}

/** Every `file: what` that writes a product's stock or a stock movement. */
function stockWrites(): string[] {
  const found: string[] = [];
  for (const file of sources(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\.(update|insert)\((products|stockMovements)\)/g)) {
      const [call, kind, table] = match;
      const statement = statementAt(text, match.index);
      if (table === 'stockMovements') found.push(`${rel}: ${call}`);
      // An update naming `stock:` or passing a whole object by name; an insert with stock that
      // is not 0 (a new product is created empty and stocked through moveStock).
      else if (
        kind === 'update'
          ? /\bstock\s*:/.test(statement) || /\.set\(\s*[A-Za-z_$][\w$]*\s*\)/.test(statement)
          : /\bstock\s*:(?!\s*0\b)/.test(statement) || /\.values\(\s*rows\s*\)/.test(statement)
      )
        found.push(`${rel}: ${call}`);
    }
    // Raw SQL: `update products set ... stock`, `insert into stock_movements`.
    for (const match of text.matchAll(
      /update\s+products\s+set\s+[^;`]*\bstock\b|insert\s+into\s+stock_movements/gi,
    )) {
      found.push(`${rel}: ${match[0].split(/\s+/).slice(0, 3).join(' ')}`);
    }
  }
  return found;
}

describe('one writer of stock', () => {
  it('only moveStock (and the seed, with its movements) writes a product’s stock', () => {
    const writes = stockWrites();
    expect(writes.filter((w) => !writers.has(w.split(':')[0] ?? ''))).toEqual([]);
    // The check sees the writers themselves, so it cannot pass by reading nothing.
    for (const writer of writers) expect(writes.some((w) => w.startsWith(writer))).toBe(true);
  });
});
