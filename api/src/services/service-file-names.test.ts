import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 020: every service file lives in its domain's folder and is named after what it
 * exports (`create-order.ts` exports `createOrder`), so a name found in a call leads to its file.
 * A concern's infrastructure lives in its folder too (decision 042: the mail transport and
 * templates, the upload and storage stores, the rate-limit counters) and is named the same way.
 */
const root = import.meta.dirname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('service files', () => {
  it('sit in a domain folder and are each named after a function, class or type they export', () => {
    const all = files(root);
    expect(all.length).toBeGreaterThan(50);
    const misnamed = all.flatMap((file) => {
      const rel = path.relative(root, file);
      if (!rel.includes(path.sep)) return [`${rel}: not in a domain folder`];
      const name = camel(path.basename(file, '.ts'));
      const exported = new RegExp(
        `^export (async )?(function|const|class|type|interface) (${name}|${name[0]?.toUpperCase()}${name.slice(1)})\\b`,
        'm',
      );
      return exported.test(readFileSync(file, 'utf8')) ? [] : [`${rel}: exports no ${name}`];
    });
    expect(misnamed).toEqual([]);
  });

  it('has no folder by audience', () => {
    expect(readdirSync(root)).not.toContain('admin');
  });
});
