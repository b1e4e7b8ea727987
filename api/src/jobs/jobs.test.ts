import PgBossV10 from 'pg-boss-v10';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase } from '../test/setup-db.ts';
import { until } from '../test/until.ts';
import { type JobHandlers, type JobPayloads, queueNames, startJobs } from './jobs.ts';

const log = createLogger({ LOG_LEVEL: 'silent' });

let url: string;
let sql: postgres.Sql;

beforeAll(async () => {
  url = await createTestDatabase();
  sql = postgres(url, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await sql.end();
});

/** Handlers that record what ran; a queue's promise resolves with its first job's data. */
function recordingHandlers() {
  const ran: { [Q in keyof JobPayloads]: JobPayloads[Q][] } = {
    'payment-recheck': [],
    'payment-receipt': [],
    'order-release': [],
    'email-blast': [],
    'refund-settle': [],
  };
  const handlers = Object.fromEntries(
    queueNames.map((name) => [
      name,
      async (data: never) => {
        (ran[name] as unknown[]).push(data);
      },
    ]),
  ) as unknown as JobHandlers;
  return { ran, handlers };
}

describe('jobs on a database that pg-boss 10 used', () => {
  it('moves the jobs still to run into the current schema, drops the old one, and runs them', async () => {
    // What an API of the previous release left behind: pg-boss 10's schema with its queues, a job
    // due now, one due in an hour, and one that already completed.
    const old = new PgBossV10({ connectionString: url, max: 2 });
    await old.start();
    for (const name of queueNames) {
      await old.createQueue(name, { name, retryLimit: 8, retryDelay: 10, retryBackoff: true });
    }
    const due = await old.send('payment-receipt', { paymentId: 'p-due' });
    const later = await old.send(
      'order-release',
      { orderId: 'o-later' },
      { startAfter: 3600, singletonKey: 'o-later' },
    );
    const doneId = await old.send('email-blast', { blastId: 'b-done' });
    const [fetched] = await old.fetch('email-blast');
    expect(fetched?.id).toBe(doneId);
    await old.complete('email-blast', doneId as string);
    await old.stop({ graceful: false, wait: true });
    const [{ version: oldVersion } = { version: 0 }] = await sql<{ version: number }[]>`
      select version from pgboss.version`;
    expect(oldVersion).toBe(24);

    const { ran, handlers } = recordingHandlers();
    const jobs = await startJobs({ url, log, handlers, pollingIntervalSeconds: 0.5 });
    try {
      const [schemas] = await sql<{ old: string | null; version: number }[]>`
        select to_regclass('pgboss_v10.job')::text as old,
               (select version from pgboss.version) as version`;
      expect(schemas?.old).toBeNull();
      expect(schemas?.version).toBeGreaterThan(24);

      await until(() => ran['payment-receipt'].length > 0, 10_000, 'the receipt job', 50);
      expect(ran['payment-receipt']).toEqual([{ paymentId: 'p-due' }]);

      const moved = await sql<
        { id: string; name: string; state: string; singleton_key: string | null }[]
      >`select id, name, state::text, singleton_key from pgboss.job order by name`;
      expect(moved.map((j) => [j.id, j.name])).toEqual([
        [later, 'order-release'],
        [due, 'payment-receipt'],
      ]);
      expect(moved.find((j) => j.id === later)).toMatchObject({
        state: 'created',
        singleton_key: 'o-later',
      });
      const [retry] = await sql<{ retry_limit: number; retry_backoff: boolean }[]>`
        select retry_limit, retry_backoff from pgboss.job where id = ${later as string}`;
      expect(retry).toEqual({ retry_limit: 8, retry_backoff: true });
      expect(ran['email-blast']).toEqual([]);

      // The new schema keeps working: a job sent now runs.
      await jobs.send('email-blast', { blastId: 'b-new' });
      await until(() => ran['email-blast'].length > 0, 10_000, 'the blast job', 50);
      expect(ran['email-blast']).toEqual([{ blastId: 'b-new' }]);
    } finally {
      await jobs.stop();
    }

    // A second start finds nothing left to move and leaves the jobs as they are.
    const again = await startJobs({ url, log });
    await again.stop();
    const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`
      select count(*)::int as count from pgboss.job where id = ${later as string}`;
    expect(count).toBe(1);
  });
});
