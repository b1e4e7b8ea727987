import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { httpMessages } from '@studio/shared/messages/http';
import { testClient } from 'hono/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { PublicReadCache } from '../cache/public-read-cache.ts';
import { createDb } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { postgresCounters } from '../services/rate-limit/postgres-counters.ts';
import { localDiskStorage } from '../services/storage/local-disk-storage.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  await new Promise<void>((r) => server.close(() => r()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('health while the database answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('is 200', async () => {
    expect(await read(t.client.api.health.$get())).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
  });
});

describe('while the database cannot be reached', () => {
  let client: ReturnType<typeof testClient<ReturnType<typeof createApp>>>;
  let end: () => Promise<void>;

  beforeAll(async () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-health-')),
      SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    });
    const { db, sql, availability } = createDb(env.DATABASE_URL ?? '', { max: 2 });
    end = async () => {
      availability.close();
      await sql.end({ timeout: 1 });
    };
    const log = createLogger(env);
    client = testClient(
      createApp({
        db,
        counters: postgresCounters(db),
        env,
        log,
        mailer: createMailer(env, log),
        storage: localDiskStorage(path.join(env.DATA_DIR, 'uploads')),
        jobs: { send: async () => {} },
        secret: 'x'.repeat(32),
        publicCache: new PublicReadCache(),
        shutdown: new AbortController().signal,
      }),
    );
  });
  afterAll(() => end?.());

  it('health is 503 with Retry-After, at once', async () => {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await read(client.api.health.$get());
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({ message: httpMessages.unavailable, code: 'UNAVAILABLE' });
    }
  });

  it('a request that needs it is a 503 with Retry-After, not a 500, and names no SQL', async () => {
    const res = await client.api.contact.$post({
      json: { name: 'A', email: 'a@b.co', subject: 'Hi', message: 'Hello there, is anyone in?' },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: httpMessages.unavailable, code: 'UNAVAILABLE' });
    expect(text).not.toMatch(/select|insert|postgres|ECONNREFUSED|at \w+ \(|\.ts:/i);
  });
});
