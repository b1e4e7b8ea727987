import PgBoss from 'pg-boss';
import type { Logger } from '../lib/logger.ts';

/** The background work the API queues; each runs on pg-boss, in the same PostgreSQL. */
export interface JobPayloads {
  /** Check a pending payment again with its provider or chain. */
  'payment-recheck': { paymentId: string; attempt: number };
  /** Mail the receipt and the business notice of a confirmed payment. */
  'payment-receipt': { paymentId: string };
  /** Cancel an unpaid shop order whose hold ran out, returning its stock. */
  'order-release': { orderId: string };
  /** Mail an e-mail blast's pending recipients (services/blasts/send-blast.ts). */
  'email-blast': { blastId: string };
}
export type QueueName = keyof JobPayloads;
export const queueNames: QueueName[] = [
  'payment-recheck',
  'payment-receipt',
  'order-release',
  'email-blast',
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
}): Promise<Jobs & { stop(): Promise<void> }> {
  const boss = new PgBoss({ connectionString: url, max: 4, application_name: 'studio-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of queueNames) {
    // Retries with backoff for failures (a mail server that is down, a provider timing out).
    await boss.createQueue(name, { name, retryLimit: 8, retryDelay: 10, retryBackoff: true });
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
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
