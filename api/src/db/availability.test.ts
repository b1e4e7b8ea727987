import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailableCause } from '../lib/pg-errors.ts';
import { createTestDatabase } from '../test/setup-db.ts';
import { DatabaseAvailability } from './availability.ts';
import { createDb } from './client.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('DatabaseAvailability', () => {
  it('goes down only when its probe cannot connect, and up again when one does', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(refused());
    let probes = 0;
    const availability = new DatabaseAvailability(
      () => {
        probes += 1;
        return answer();
      },
      { retryMs: 10 },
    );
    expect(availability.down).toBe(false);
    availability.suspect();
    await tick();
    expect(availability.down).toBe(true);
    // Suspicion while a probe loop runs starts no second one.
    availability.suspect();
    availability.suspect();
    await tick(50);
    expect(availability.down).toBe(true);
    expect(probes).toBeGreaterThan(2);
    answer = () => Promise.resolve();
    await tick(30);
    expect(availability.down).toBe(false);
    const after = probes;
    await tick(50);
    expect(probes).toBe(after);
    availability.close();
  });

  it('is not put down by an error that is not about reaching the database', async () => {
    const availability = new DatabaseAvailability(() =>
      Promise.reject(Object.assign(new Error('no such table'), { code: '42P01' })),
    );
    availability.suspect();
    await tick();
    expect(availability.down).toBe(false);
  });

  it('gives up a hanging probe after its timeout, shorter while down', async () => {
    let hang = false;
    let probes = 0;
    const availability = new DatabaseAvailability(
      () => {
        probes += 1;
        return hang ? new Promise(() => {}) : Promise.reject(refused());
      },
      { retryMs: 10, timeoutMs: 1000, downTimeoutMs: 30 },
    );
    availability.suspect();
    await tick();
    expect(availability.down).toBe(true);
    hang = true;
    const before = probes;
    await tick(150);
    expect(probes).toBeGreaterThan(before + 1);
    availability.close();
  });

  it('stops for good when the pool is ended', async () => {
    let probes = 0;
    const availability = new DatabaseAvailability(
      () => {
        probes += 1;
        return Promise.reject(Object.assign(new Error('ended'), { code: 'CONNECTION_ENDED' }));
      },
      { retryMs: 5 },
    );
    availability.suspect();
    await tick(50);
    expect(probes).toBe(1);
    expect(availability.down).toBe(false);
  });
});

/**
 * A TCP relay to the test database that can be taken away (its port then refuses, and the
 * connections through it are cut, as when PostgreSQL stops) and put back on the same port.
 */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) {
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return {
    url: relayed.toString(),
    async down() {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    async up() {
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
  };
}

describe('the pool while the database goes away and comes back', () => {
  let url: string;
  beforeAll(async () => {
    url = await createTestDatabase();
  });
  const ends: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const end of ends) await end();
  });

  it('sets the statement timeout on its connections, none for migrations', async () => {
    const pooled = createDb(url, { max: 1 });
    const migrating = createDb(url, { max: 1, statementTimeoutMs: 0 });
    ends.push(
      () => pooled.sql.end(),
      () => migrating.sql.end(),
    );
    expect(await pooled.sql`show statement_timeout`).toEqual([{ statement_timeout: '5s' }]);
    expect(await migrating.sql`show statement_timeout`).toEqual([{ statement_timeout: '0' }]);
    const slow = await pooled.db.execute(sql`select pg_sleep(6)`).catch((e: unknown) => e);
    expect(databaseUnavailableCause(slow)?.code).toBe('57014');
  }, 15_000);

  it('refuses queries at once while it cannot connect, and serves again soon after', async () => {
    const relay = await relayTo(url);
    const { db, sql: pool, availability } = createDb(relay.url, { max: 3 });
    ends.push(() => pool.end({ timeout: 1 }));
    await db.execute(sql`select 1`);

    await relay.down();
    const first = await db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(databaseUnavailableCause(first)).toBeDefined();
    for (let i = 0; i < 100 && !availability.down; i++) await tick(10);
    expect(availability.down).toBe(true);

    // Refused without an attempt: every one answered in a moment, none queued.
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => db.execute(sql`select 1`).catch((e: unknown) => e)),
    );
    expect(performance.now() - started).toBeLessThan(200);
    expect(answers.map((e) => databaseUnavailableCause(e)?.code)).toEqual(
      answers.map(() => 'DATABASE_UNAVAILABLE'),
    );
    await expect(db.transaction(async () => {})).rejects.toThrow(/cannot be reached/);

    await tick(1000);
    await relay.up();
    const back = performance.now();
    let served = false;
    while (!served && performance.now() - back < 5000) {
      served = await db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      if (!served) await tick(10);
    }
    const recoveryMs = performance.now() - back;
    expect(served).toBe(true);
    expect(recoveryMs).toBeLessThan(1000);
    expect(availability.down).toBe(false);
  }, 20_000);
});
