import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { ClientResponse } from 'hono/client';
import { testClient } from 'hono/testing';
import { afterAll } from 'vitest';
import { createApp } from '../app.ts';
import { listenForInvalidation } from '../cache/listen-for-invalidation.ts';
import { PublicReadCache } from '../cache/public-read-cache.ts';
import type { Deps } from '../context.ts';
import { createDb } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { type Env, parseEnv } from '../env.ts';
import { jobHandlers } from '../jobs/handlers.ts';
import { type Jobs, startJobs } from '../jobs/jobs.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../services/mail/mailer.ts';
import { startMailWorker } from '../services/mail/start-mail-worker.ts';
import { createCounters } from '../services/rate-limit/create-counters.ts';
import type { Storage } from '../services/storage/storage.ts';
import { storageFromEnv } from '../services/storage/storage-from-env.ts';
import { closeTusUploads } from '../services/uploads/tus-uploads.ts';
import { withContract } from './contract.ts';
import { startTestS3, type TestS3 } from './s3.ts';
import { createTestDatabase } from './setup-db.ts';
import { storedKeys, unfinishedWrites } from './stored-files.ts';

/**
 * What the apps of this test file hold open (pools, job workers, servers), closed after the
 * file's tests and before its database is dropped. One hook for the file, registered when this
 * module loads, so apps made inside a test are closed too.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

/**
 * TEST_STORAGE=s3: the apps of this file keep their files in one s3rver bucket (test/s3.ts),
 * started with the first app and stopped after the file's tests; otherwise on the local disk.
 */
let testS3: Promise<TestS3> | undefined;
function storageSettings(): Promise<Record<string, string>> {
  if (process.env.TEST_STORAGE !== 's3') return Promise.resolve({});
  if (!testS3) {
    testS3 = startTestS3();
    const started = testS3;
    cleanups.unshift(async () => (await started).close());
  }
  return testS3.then((s3) => s3.env);
}

type App = ReturnType<typeof createApp>;
/** The app's typed client: its paths and inputs are the route table's, checked at compile time. */
export type TestClient = ReturnType<typeof testClient<App>>;

/** An answer read whole: the status, the parsed body (JSON, else the text) and the headers. */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers, errors included
  body: any;
  headers: Headers;
}

export interface TestApp {
  app: App;
  /**
   * The typed client, anonymous: `await read(t.client.api.products[':id'].$get({ param: { id } }))`.
   * A renamed route or a changed input breaks the test's typecheck.
   */
  client: TestClient;
  /** The typed client signed in: `token` becomes the bearer header of every request. */
  as: (token: string | undefined) => TestClient;
  storage: Storage;
  /** Every complete stored file's key under `prefix`, sorted (local disk or bucket alike). */
  storedKeys: (prefix?: string) => Promise<string[]>;
  /** Writes begun and not finished: `.part` files, or the bucket's multipart uploads. */
  unfinishedWrites: () => Promise<string[]>;
  /** Both of those, sorted: everything the store holds, finished or not. */
  storedFiles: () => Promise<string[]>;
  /** Serves the app over real HTTP on a free loopback port; answers its base URL. */
  listen: () => Promise<string>;
  /** Stops this app's job workers (as a process that goes down would). */
  stopJobs: () => Promise<void>;
  /**
   * Stops this app's mail outbox worker. Apps of one test file share a database, so any app's
   * worker may send a mail another queued: a test of one app's mailer stops the others'.
   */
  stopMailWorker: () => Promise<void>;
  db: ReturnType<typeof createDb>['db'];
  env: Env;
  /** The app's signing secret (for tests that sign a link the way a mail does). */
  secret: string;
  /**
   * An untyped JSON request by method and path string, for the tests whose subject is the path
   * itself (unknown routes, the admin prefix guard, a link read from an e-mail); every other
   * test goes through `client`. `token` becomes the bearer header.
   */
  request: (
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ) => Promise<Answer>;
}

/** Reads a response whole (see `Answer`); the typed client's calls are awaited through it. */
export async function read(
  response: Response | ClientResponse<unknown> | Promise<Response | ClientResponse<unknown>>,
): Promise<Answer> {
  const res = await response;
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * An input the route's types refuse, sent as it is: for the tests of the server's own
 * validation (a missing field, an unknown enum value, extra keys). Typed as whatever is expected.
 */
export function invalid<T>(value: unknown): T {
  return value as T;
}

/** The request options that sign a typed call in as `token` (none for `undefined`). */
export function bearer(token: string | undefined): { headers: Record<string, string> } {
  return { headers: token ? { Authorization: `Bearer ${token}` } : {} };
}

/**
 * The app on this file's own database, seeded, with quiet logs. `env` overrides settings
 * (strings, as in the environment).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { jobs?: boolean; onQuery?: (query: string) => void } = {},
): Promise<TestApp> {
  const url = await createTestDatabase();
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-test-data-')),
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    // Tests share one client address; the rate-limit tests set their own limits.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    SUBMISSION_RATE_LIMIT_PER_HOUR: '100000',
    CONTACT_RATE_LIMIT_PER_HOUR: '100000',
    ORDER_RATE_LIMIT_PER_HOUR: '100000',
    PAYMENT_FAILED_OFFERS_PER_IP: '100000',
    ...(await storageSettings()),
    ...env,
  });
  const { db, sql } = createDb(url, { max: 5, onQuery: options.onQuery });
  // A connection left waiting (a lock, a listener) must not hold the file's end for ever.
  cleanups.push(() => sql.end({ timeout: 5 }));
  cleanups.push(() => closeTusUploads(db));
  const storage = storageFromEnv(parsed);
  await seed(db, { storage });
  const log = createLogger(parsed);
  const mailer = createMailer(parsed, log);
  cleanups.push(() => mailer.close());
  // PostgreSQL, or with REDIS_URL in env the machine's Redis (on the test's own REDIS_KEY_PREFIX).
  const counters = await createCounters({ env: parsed, db, log });
  cleanups.push(() => counters.close());
  let deps: Deps | undefined;
  let stopJobs = async () => {};
  const jobs: Jobs = options.jobs
    ? await startJobs({
        url,
        log,
        pollingIntervalSeconds: 0.5,
        handlers: jobHandlers(() => {
          if (!deps) throw new Error('not ready');
          return deps;
        }),
      }).then((started) => {
        let stopped: Promise<void> | undefined;
        stopJobs = () => {
          stopped ??= started.stop();
          return stopped;
        };
        cleanups.push(() => stopJobs());
        return started;
      })
    : {
        send: async (queue) => {
          throw new Error(`createTestApp({}, { jobs: true }) to use the ${queue} queue`);
        },
      };
  const secret = 'test-secret-0123456789abcdef0123456789';
  const publicCache = new PublicReadCache();
  await listenForInvalidation(sql, publicCache, log);
  const shutdown = new AbortController();
  cleanups.push(async () => shutdown.abort());
  // The mail outbox is sent as the server sends it, polled often so tests wait little.
  const mailWorker = await startMailWorker({
    db,
    sql,
    mailer,
    log,
    shutdown: shutdown.signal,
    retrySeconds: parsed.MAIL_RETRY_SECONDS,
    pollMs: 200,
  });
  cleanups.push(() => mailWorker.stop());
  deps = {
    counters,
    publicCache,
    shutdown: shutdown.signal,
    db,
    env: parsed,
    log,
    mailer,
    storage,
    jobs,
    secret,
  };
  // Every answer the tests get through this app is checked against the API's document.
  const app = withContract(createApp(deps));
  const as = (token: string | undefined) => testClient(app, undefined, undefined, bearer(token));
  const request: TestApp['request'] = async (method, p, options = {}) => {
    const headers: Record<string, string> = {
      ...options.headers,
      ...bearer(options.token).headers,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    return read(app.request(p, { method, headers, body }));
  };
  let server: ReturnType<typeof serve> | undefined;
  const listen = async () => {
    if (!server) {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((resolve) => server?.once('listening', () => resolve()));
      cleanups.push(() => new Promise<void>((resolve) => server?.close(() => resolve())));
    }
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  return {
    app,
    client: as(undefined),
    as,
    request,
    db,
    env: parsed,
    secret,
    storage,
    storedKeys: (prefix) => storedKeys(storage, prefix),
    unfinishedWrites: () => unfinishedWrites(parsed),
    storedFiles: async () =>
      [...(await storedKeys(storage)), ...(await unfinishedWrites(parsed))].sort(),
    listen,
    stopJobs: () => stopJobs(),
    stopMailWorker: () => mailWorker.stop(),
  };
}

let counter = 0;
/** A fresh valid registration body; each call a new e-mail. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Date.now().toString(36)}.${counter}@example.com`,
    phone: '+15551234567',
    password: 'Secret123',
    ...overrides,
  };
}
