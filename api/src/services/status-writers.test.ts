import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One writer per status (decision 020): only the three transition functions change an order's
 * status, a payment's status or a submission's payment state, or write their history. This
 * reads the API's source the way a reviewer would and names every other place that does.
 */
const root = path.resolve(import.meta.dirname, '..');
const writers = new Set([
  'services/orders/transition-order.ts',
  'services/payments/transition-payment.ts',
  'services/submissions/transition-submission.ts',
]);
const statusTables = ['orders', 'payments', 'projectSubmissions'];
const historyTables = ['orderStatusHistory', 'paymentEvents', 'submissionStatusHistory'];

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

/** Every `file: what` that writes a status or a status history row. */
function statusWrites(): string[] {
  const found: string[] = [];
  for (const file of sources(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    const calls = /\.(update|insert)\((\w+)\)/g;
    for (const match of text.matchAll(calls)) {
      const [call, , table = ''] = match;
      const statement = statementAt(text, match.index);
      const writesHistory = historyTables.includes(table);
      const writesStatus =
        statusTables.includes(table) &&
        // a `status:` or `paymentState:` key, or a whole object passed by name
        (/\b(status|paymentState)\s*:/.test(statement) ||
          /\.set\(\s*[A-Za-z_$][\w$]*\s*\)/.test(statement));
      if (writesHistory || writesStatus) found.push(`${rel}: ${call}`);
    }
  }
  return found;
}

describe('one writer per status', () => {
  it('only the transition functions write order, payment and submission statuses', () => {
    const writes = statusWrites();
    expect(writes.filter((w) => !writers.has(w.split(':')[0] ?? ''))).toEqual([]);
    // The check sees the writers themselves, so it cannot pass by reading nothing.
    for (const writer of writers) expect(writes.some((w) => w.startsWith(writer))).toBe(true);
  });
});
