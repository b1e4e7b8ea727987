import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, runMigrations, withStartUpLock } from './migrate.ts';

/**
 * Several API processes may start at once on an empty database (issue 17): one migrates while
 * the others wait, and none fails. Each test makes its own empty database on the test server.
 */
const admin = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
const made: string[] = [];
afterAll(async () => {
  for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

async function emptyDatabase(): Promise<string> {
  const name = `${inject('pgRunPrefix')}_mig_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  made.push(name);
  const url = new URL(inject('pgServerUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
);

describe('migrations', () => {
  it('four at once on an empty database: all succeed and each migration is applied once', async () => {
    const url = await emptyDatabase();
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => runMigrations(url)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select hash from drizzle.__drizzle_migrations`;
      expect(journal.entries.length).toBeGreaterThan(10);
      expect(rows).toHaveLength(journal.entries.length);
      const [{ n } = { n: -1 }] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'products'`;
      expect(n).toBe(1);
    } finally {
      await sql.end();
    }
  });

  it('the start-up lock runs one process’s start-up at a time, the others waiting their turn', async () => {
    const url = await emptyDatabase();
    const spans: [number, number][] = [];
    await Promise.all(
      [1, 2, 3].map(() =>
        withStartUpLock(url, async () => {
          const start = performance.now();
          await new Promise((r) => setTimeout(r, 150));
          spans.push([start, performance.now()]);
        }),
      ),
    );
    spans.sort((a, b) => a[0] - b[0]);
    expect(spans).toHaveLength(3);
    for (let i = 1; i < spans.length; i += 1) {
      // Each began after the one before had finished.
      expect(spans[i]?.[0]).toBeGreaterThanOrEqual(spans[i - 1]?.[1] ?? Number.POSITIVE_INFINITY);
    }
  });

  it('the lock is let go when the work fails, and the next process gets it', async () => {
    const url = await emptyDatabase();
    await expect(
      withStartUpLock(url, async () => {
        throw new Error('seed failed');
      }),
    ).rejects.toThrow('seed failed');
    const got = await Promise.race([
      withStartUpLock(url, async () => 'got it'),
      new Promise((r) => setTimeout(() => r('still waiting'), 3000)),
    ]);
    expect(got).toBe('got it');
  });
});
