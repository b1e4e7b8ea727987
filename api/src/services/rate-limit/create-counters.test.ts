import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { until } from '../../test/process.ts';
import { createTestDatabase } from '../../test/setup-db.ts';
import type { Counters } from './counters.ts';
import { createCounters } from './create-counters.ts';

/**
 * With REDIS_URL the counters are in Redis, and in PostgreSQL while Redis cannot be reached
 * (decision 031). Redis "down" is a closed port, or a TCP relay to the machine's Redis that the
 * test cuts and restores: the machine's Redis itself is never stopped.
 */
const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const REDIS_KEY_PREFIX = `studio-test:${randomBytes(6).toString('hex')}:`;

let db: Db;
let closeDb: () => Promise<unknown>;
const closing: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  const client = createDb(await createTestDatabase(), { max: 4 });
  db = client.db;
  closeDb = () => client.sql.end();
});
afterAll(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  const raw = new Redis(REDIS.toString());
  const keys = await raw.keys(`${REDIS_KEY_PREFIX}*`);
  if (keys.length > 0) await raw.del(...keys);
  raw.disconnect();
  await closeDb?.();
});

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, warnings: () => lines.filter((l) => l.level === 40), lines };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A TCP relay to the machine's Redis on `port`, which the test can cut and restore. */
function relay(port: number) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = undefined;
    });
  return { open, cut };
}

const pgRows = (key: string) => db.select().from(rateLimits).where(like(rateLimits.key, key));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('rate-limit counters with REDIS_URL', () => {
  it('Redis at a closed port: start-up waits at most 2 s, then every hit is counted in PostgreSQL at once, one warning said', async () => {
    const { log, warnings } = capturedLog();
    const closed = await freePort();
    const { value: counters, ms } = await timed(() =>
      createCounters({
        env: { REDIS_URL: `redis://127.0.0.1:${closed}`, REDIS_KEY_PREFIX },
        db,
        log,
      }),
    );
    closing.push(() => counters.close());
    expect(ms).toBeLessThan(2600);
    expect(counters.kind).toBe('postgres');
    const counts: number[] = [];
    let slowest = 0;
    for (let i = 0; i < 20; i += 1) {
      const hit = await timed(() => counters.hit('closed:ip:1', 900));
      counts.push(hit.value.count);
      slowest = Math.max(slowest, hit.ms);
    }
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(slowest).toBeLessThan(200);
    expect((await pgRows('closed:ip:1'))[0]?.count).toBe(20);
    expect(warnings().map((w) => w.msg)).toEqual([
      'rate-limit counters: Redis unreachable, counting in PostgreSQL until it is back',
    ]);
  });

  it('Redis reachable: counted there; cut: counted in PostgreSQL within 0.5 s a hit; back: in Redis again, its count kept', async () => {
    const port = await freePort();
    const link = relay(port);
    await link.open();
    closing.push(() => link.cut());
    const { log, warnings, lines } = capturedLog();
    const counters: Counters = await createCounters({
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX },
      db,
      log,
    });
    closing.push(() => counters.close());
    expect(counters.kind).toBe('redis');
    expect((await counters.hit('relay:ip:1', 900)).count).toBe(1);
    expect((await counters.hit('relay:ip:1', 900)).count).toBe(2);
    expect(await pgRows('relay:%')).toEqual([]);

    await link.cut();
    let slowest = 0;
    const during: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const hit = await timed(() => counters.hit('relay:ip:1', 900));
      during.push(hit.value.count);
      slowest = Math.max(slowest, hit.ms);
    }
    // Counted apart from the 2 in Redis (the price of falling back), and none lost meanwhile.
    expect(during).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(slowest).toBeLessThan(600);
    expect((await pgRows('relay:ip:1'))[0]?.count).toBe(10);
    expect(counters.kind).toBe('postgres');
    expect(warnings()).toHaveLength(1);

    await link.open();
    await until(() => counters.kind === 'redis', 8000, 'Redis again', 50);
    expect((await counters.hit('relay:ip:1', 900)).count).toBe(3);
    expect((await pgRows('relay:ip:1'))[0]?.count).toBe(10);
    expect(lines.map((l) => l.msg)).toContain(
      'rate-limit counters: Redis reachable again, counting there',
    );
    expect(warnings()).toHaveLength(1);
  });
});
