import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createApp } from './app.ts';
import { listenForInvalidation } from './cache/listen-for-invalidation.ts';
import { PublicReadCache } from './cache/public-read-cache.ts';
import type { Deps } from './context.ts';
import { createDb } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { ensureDatabase } from './db/ensure-database.ts';
import { runMigrations, withStartUpLock } from './db/migrate.ts';
import { users } from './db/schema/users.ts';
import { seed } from './db/seed.ts';
import type { Env } from './env.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { startJobs } from './jobs/jobs.ts';
import type { Logger } from './lib/logger.ts';
import { ensureAdmin } from './services/auth/ensure-admin.ts';
import { resumeBlasts } from './services/blasts/resume-blasts.ts';
import { createMailer } from './services/mail/mailer.ts';
import { startMailWorker } from './services/mail/start-mail-worker.ts';
import { removeUnconfirmedSubscribers } from './services/newsletter/remove-unconfirmed-subscribers.ts';
import { releaseExpiredOrders } from './services/orders/release-expired-orders.ts';
import { expireStalePayments } from './services/payments/expire-stale-payments.ts';
import { createCounters } from './services/rate-limit/create-counters.ts';
import { pruneRateLimits } from './services/rate-limit/prune-rate-limits.ts';
import { resolveAppSecret } from './services/settings/resolve-app-secret.ts';
import { storageFromEnv } from './services/storage/storage-from-env.ts';
import { sweepStorage } from './services/storage/sweep-storage.ts';
import { removeAbandonedUploads } from './services/uploads/remove-abandoned-uploads.ts';
import { closeTusUploads, tusUploads } from './services/uploads/tus-uploads.ts';

const DEFAULT_ADMIN_EMAIL = 'admin@studio.local';

/**
 * How long `stop()` may take in all: a supervisor's grace period is commonly 10 s (Docker,
 * systemd's default is longer, Kubernetes' 30 s), and index.ts exits by force at 9.5 s.
 */
const STOP_BUDGET_MS = 8000;
/** Requests still running this long after the signal have their connections closed. */
const HTTP_DRAIN_MS = 5000;
/** A job still running this long after the signal is failed, to be retried (jobs.ts). */
const JOB_GRACE_MS = 5000;
/** Orphaned uploads are looked for at start-up and then this often (decision 021). */
const STORAGE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The database: `DATABASE_URL`, or the embedded server under `$DATA_DIR/postgres`. */
export async function openDatabase(env: Env, log: Logger) {
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(env.DATA_DIR, 'postgres'), log });
    try {
      url = await ensureDatabase(embedded.url, 'studio');
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  }
  const { db, sql, availability } = createDb(url, { log });
  return {
    db,
    sql,
    url,
    async close() {
      availability.close();
      await sql.end({ timeout: 2 });
      await embedded?.stop();
    },
  };
}

/** The first start creates an admin, from ADMIN_EMAIL/ADMIN_PASSWORD or with a generated password. */
async function bootstrapAdmin(db: Parameters<typeof seed>[0], env: Env, log: Logger) {
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  if (!env.ADMIN_EMAIL && anyAdmin) return;
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const result = await ensureAdmin({ db, email, password: env.ADMIN_PASSWORD });
  if (!result.created) return;
  log.info({ email }, 'admin account created');
  if (!env.ADMIN_PASSWORD && result.password) {
    // Printed once, to the terminal only: not through the structured log, which may be shipped.
    process.stdout.write(
      `\n  Admin account created: ${email}\n  Password (shown once): ${result.password}\n  Change it after signing in, or set ADMIN_PASSWORD.\n\n`,
    );
  }
}

export async function startServer(env: Env, log: Logger) {
  const database = await openDatabase(env, log);
  const { db } = database;
  const storage = storageFromEnv(env);
  let secret: string;
  try {
    // Processes starting together take turns (decision 031): the first migrates and seeds an
    // empty database, the next find it done.
    secret = await withStartUpLock(database.url, async () => {
      await runMigrations(database.url);
      await seed(db, { storage });
      await bootstrapAdmin(db, env, log);
      return resolveAppSecret({ db, env });
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const mailer = createMailer(env, log);
  // Rate-limit counters: PostgreSQL, or Redis with REDIS_URL (decision 031).
  const counters = await createCounters({ env, db, log });
  let deps: Deps | undefined;
  const jobs = await startJobs({
    url: database.url,
    log,
    handlers: jobHandlers(() => {
      if (!deps) throw new Error('jobs ran before start-up finished');
      return deps;
    }),
  });
  const publicCache = new PublicReadCache();
  await listenForInvalidation(database.sql, publicCache, log);
  const shutdown = new AbortController();
  deps = {
    db,
    counters,
    env,
    log,
    mailer,
    storage,
    jobs,
    secret,
    publicCache,
    shutdown: shutdown.signal,
  };
  // The transactional mail outbox, sent after each commit (services/mail).
  const mailWorker = await startMailWorker({
    db,
    sql: database.sql,
    mailer,
    log,
    shutdown: shutdown.signal,
    retrySeconds: env.MAIL_RETRY_SECONDS,
  });
  // A blast whose process died mid-way is finished by this one (see services/blasts).
  await resumeBlasts({ db, jobs, log });
  const app = createApp(deps);
  const server = serve({
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    // Node answers 408 to a request whose body takes over 5 minutes (requestTimeout), which
    // cuts a 20 × 400 MB project on a slow line. No whole-request limit, then; a connection
    // that sends nothing for 2 minutes is closed instead (below), and headers must still
    // arrive within Node's headersTimeout.
    serverOptions: { requestTimeout: 0 },
  });
  server.setTimeout(120_000);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', async (error) => {
      await database.close();
      reject(error);
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  // PORT=0 lets the system pick the port: the default PUBLIC_URL would put port 0 in e-mail
  // links, so it names the address actually listened on (deps.env is this same object).
  if (env.PORT === 0 && env.PUBLIC_URL === 'http://localhost:0') env.PUBLIC_URL = url;
  log.info({ url }, 'listening');

  // Housekeeping every few minutes: old rate-limit windows, unpaid orders whose hold ran out but
  // whose release job was lost (the job is the normal path), unconfirmed newsletter sign-ups.
  const pruner = setInterval(
    () => {
      pruneRateLimits({ db, olderThanSeconds: 24 * 3600 }).catch((err) =>
        log.warn({ err }, 'prune failed'),
      );
      expireStalePayments({ db, env }).catch((err) =>
        log.warn({ err }, 'payment expiry sweep failed'),
      );
      releaseExpiredOrders({ db })
        .then(({ released }) => released && log.info({ released }, 'released expired order holds'))
        .catch((err) => log.warn({ err }, 'order release sweep failed'));
      // Newsletter sign-ups nobody confirmed in 30 days (decision 025).
      removeUnconfirmedSubscribers({ db }).catch((err) =>
        log.warn({ err }, 'unconfirmed subscriber sweep failed'),
      );
      // Resumable uploads idle for a day, old drafts, tus's expired uploads (decision 030).
      removeAbandonedUploads({ db, store: tusUploads({ db, env, log }).store }).catch((err) =>
        log.warn({ err }, 'abandoned upload sweep failed'),
      );
    },
    5 * 60 * 1000,
  );
  pruner.unref();

  // Uploads left by a process that died mid-way, and files no row names (decision 021): now, in
  // the background (the first listing of a large store may take a while), then every hour.
  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= sweepStorage({ db, storage, log })
      .catch((err) => log.warn({ err }, 'storage sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  sweep();
  const sweeper = setInterval(sweep, STORAGE_SWEEP_INTERVAL_MS);
  sweeper.unref();

  let stopping: Promise<void> | undefined;
  /**
   * Done within STOP_BUDGET_MS: long work is told to stop (the shutdown signal: a blast or the
   * mail outbox records what is in flight and returns), job workers take nothing new and get
   * JOB_GRACE_MS for what runs, while no new connection is taken and requests in flight get
   * HTTP_DRAIN_MS; then the job queue, the mailer and the database are closed.
   */
  function stop(): Promise<void> {
    stopping ??= (async () => {
      const deadline = Date.now() + STOP_BUDGET_MS;
      clearInterval(pruner);
      clearInterval(sweeper);
      shutdown.abort();
      log.info('shutting down');
      const http = server as import('node:http').Server;
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      // Keep-alive connections go idle once their request is answered: close them as they do.
      const reaper = setInterval(() => http.closeIdleConnections(), 100);
      http.closeIdleConnections();
      const workersStopped = jobs.stopWorkers(JOB_GRACE_MS).catch((err: unknown) => {
        log.warn({ err }, 'job workers did not stop cleanly');
      });
      // Long-running workers of the app, stopped alongside the job workers (each also watches
      // the shutdown signal).
      const workersOfApp = Promise.allSettled([mailWorker.stop()]);
      const drained = await Promise.race([
        closed.then(() => true),
        sleep(HTTP_DRAIN_MS).then(() => false),
      ]);
      if (!drained) {
        log.warn({ afterMs: HTTP_DRAIN_MS }, 'requests still running; closing their connections');
        http.closeAllConnections();
      }
      clearInterval(reaper);
      // Whatever still runs past the budget is cut short when the database closes.
      const timeLeft = () => deadline - Date.now();
      await Promise.race([
        Promise.all([workersStopped, workersOfApp, sweeping]),
        sleep(timeLeft() - 2500),
      ]);
      await Promise.race([jobs.stop().catch(() => {}), sleep(timeLeft() - 2000)]);
      await Promise.race([mailer.close(), sleep(timeLeft() - 2000)]);
      await Promise.race([counters.close(), sleep(timeLeft() - 2000)]);
      await closeTusUploads(db);
      await database.close();
      log.info('stopped');
    })();
    return stopping;
  }

  return { port, stop, app };
}
