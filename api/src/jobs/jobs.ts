import { PgBoss } from 'pg-boss';
import postgres from 'postgres';
import type { Logger } from '../lib/logger.ts';

/** The background work the API queues; each runs on pg-boss, in the same PostgreSQL. */
export interface JobPayloads {
  /** Check a pending payment again with its provider or chain. */
  /** `reference`: the crypto transaction to ask about (several may be offered for one quote). */
  'payment-recheck': { paymentId: string; attempt: number; reference?: string };
  /**
   * Queue the receipt and the business notice of a confirmed payment in the mail outbox. Only
   * jobs from before the outbox (markPaid now queues them in its own transaction).
   */
  'payment-receipt': { paymentId: string };
  /** Cancel an unpaid shop order whose hold ran out, returning its stock. */
  'order-release': { orderId: string };
  /** Mail an e-mail blast's pending recipients (services/blasts/send-blast.ts). */
  'email-blast': { blastId: string; pauses?: number };
  /**
   * Ask PayPal again for a refund left pending (services/refunds/settle-refund.ts); `check`
   * counts the looks at a refund PayPal answered PENDING.
   */
  'refund-settle': { refundId: string; check?: number };
}
export type QueueName = keyof JobPayloads;
export const queueNames: QueueName[] = [
  'payment-recheck',
  'payment-receipt',
  'order-release',
  'email-blast',
  'refund-settle',
];

export interface Jobs {
  send<Q extends QueueName>(
    queue: Q,
    data: JobPayloads[Q],
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ): Promise<void>;
}

export type JobHandlers = { [Q in QueueName]: (data: JobPayloads[Q]) => Promise<void> };

/**
 * pg-boss on the app's database: jobs are rows, so they survive a restart and are shared by
 * every API process. Workers start only when `handlers` are given (the server; tests opt in).
 */
export async function startJobs({
  url,
  log,
  handlers,
  pollingIntervalSeconds = 2,
}: {
  url: string;
  log: Logger;
  handlers?: JobHandlers;
  pollingIntervalSeconds?: number;
}): Promise<
  Jobs & {
    stopWorkers(timeoutMs?: number): Promise<void>;
    stop(): Promise<void>;
  }
> {
  const movedAside = await setAsideV10Schema(url);
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'studio-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of queueNames) {
    // Retries with backoff for failures (a mail server that is down, a provider timing out).
    await boss.createQueue(name, { retryLimit: 8, retryDelay: 10, retryBackoff: true });
  }
  if (movedAside) {
    const moved = await moveV10Jobs(url, boss);
    if (moved !== undefined) log.info({ jobs: moved }, 'moved the waiting jobs of pg-boss 10');
  }
  if (handlers) {
    for (const name of queueNames) {
      const handler = handlers[name] as (data: unknown) => Promise<void>;
      await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data);
        } catch (err) {
          log.warn({ err, queue: name, jobId: job.id }, 'job failed; it will be retried');
          throw err;
        }
      });
    }
  }
  return {
    async send(queue, data, options = {}) {
      await boss.send(queue, data as object, {
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    /**
     * Workers take no new job at once; a running one has `timeoutMs` to finish (long ones watch
     * the shutdown signal and return sooner), then is failed, so that pg-boss retries it later
     * here or in another process. The pool stays open: requests still running may `send`.
     */
    async stopWorkers(timeoutMs = 5000) {
      await boss.stop({ close: false, graceful: true, timeout: timeoutMs });
    },
    /** Stops the workers (if not yet) and closes pg-boss's pool. */
    async stop() {
      await boss.stop({ close: false, graceful: true, timeout: 5000 });
      await boss.stop({ close: true });
    },
  };
}

/**
 * pg-boss 11 and later cannot migrate the schema of pg-boss 10 (version 24) and refuse to start
 * on it. A database that has one gets it renamed to `pgboss_v10` before pg-boss starts, so pg-boss
 * installs its current schema as `pgboss`; `moveV10Jobs` then moves the jobs still to run and
 * drops the old schema. Under an advisory lock: several API processes may start at once.
 */
const V10_SCHEMA_VERSION = 24;
const OLD_SCHEMA = 'pgboss_v10';
const LOCK = "hashtext('studio-jobs pg-boss 10 upgrade')";

async function setAsideV10Schema(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      await tx.unsafe(`select pg_advisory_xact_lock(${LOCK})`);
      const [row] = await tx.unsafe<{ current: string | null; old: string | null }[]>(
        `select to_regclass('pgboss.version')::text as current, to_regclass('${OLD_SCHEMA}.job')::text as old`,
      );
      if (row?.current) {
        const [v] = await tx.unsafe<{ version: number }[]>('select version from pgboss.version');
        if (v && v.version <= V10_SCHEMA_VERSION) {
          if (row.old) throw new Error(`both pgboss and ${OLD_SCHEMA} hold pg-boss 10 schemas`);
          await tx.unsafe(`alter schema pgboss rename to ${OLD_SCHEMA}`);
          return true;
        }
      }
      return row?.old != null;
    });
  } finally {
    await sql.end();
  }
}

interface V10Job {
  id: string;
  name: string;
  priority: number;
  data: object | null;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
}

/**
 * The jobs of the renamed pg-boss 10 schema that had yet to run, or were running when the old
 * version stopped, are inserted into the new queues with their ids (a repeated move inserts
 * nothing twice), then the old schema is dropped. Finished jobs are left behind. Returns how many
 * moved, or undefined when another process did it first.
 */
async function moveV10Jobs(url: string, boss: PgBoss): Promise<number | undefined> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      await tx.unsafe(`select pg_advisory_xact_lock(${LOCK})`);
      const [row] = await tx.unsafe<{ old: string | null }[]>(
        `select to_regclass('${OLD_SCHEMA}.job')::text as old`,
      );
      if (!row?.old) return undefined;
      const rows = await tx.unsafe<V10Job[]>(
        `select id, name, priority, data, retry_limit, retry_delay, retry_backoff, start_after,
                singleton_key
           from ${OLD_SCHEMA}.job
          where state in ('created', 'retry', 'active')
          order by created_on`,
      );
      for (const name of queueNames) {
        const jobs = rows
          .filter((job) => job.name === name)
          .map((job) => ({
            id: job.id,
            data: job.data ?? {},
            priority: job.priority,
            retryLimit: job.retry_limit,
            retryDelay: job.retry_delay,
            retryBackoff: job.retry_backoff,
            startAfter: job.start_after,
            ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
          }));
        if (jobs.length > 0) await boss.insert(name, jobs);
      }
      await tx.unsafe(`drop schema ${OLD_SCHEMA} cascade`);
      return rows.length;
    });
  } finally {
    await sql.end();
  }
}
