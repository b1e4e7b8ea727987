import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailBlastRecipients, emailBlasts } from '../../db/schema/email-blasts.ts';
import { createLogger } from '../../lib/logger.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { blastProgress } from '../../test/blasts.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { multipartBody, postMultipart } from '../../test/multipart.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { until } from '../../test/until.ts';
import { blastPauseSeconds } from './pause-blast.ts';
import { resumeBlasts } from './resume-blasts.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let base: string;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Fast enough for batches of 25 in two lanes; pauses short enough for a test.
  t = await createTestApp(
    { SMTP_URL: smtp.url, BLAST_RATE: '500', BLAST_PAUSE_SECONDS: '0.2' },
    { jobs: true },
  );
  base = await t.listen();
  token = (await signInAdmin(t.db)).token;
}, 60_000);

const progress = (blastId: string) => blastProgress(t, token, blastId);

describe('blast pauses', () => {
  it('double from the base up to an hour', () => {
    expect([0, 1, 2, 3].map((n) => blastPauseSeconds(30, n))).toEqual([30, 60, 120, 240]);
    expect(blastPauseSeconds(30, 7)).toBe(3600);
    expect(blastPauseSeconds(30, 1000)).toBe(3600);
  });

  it('600 recipients while the server answers 451 for 3 s: paused, then each mailed once and none failed', async () => {
    const id = randomBytes(4).toString('hex');
    const emails = Array.from({ length: 600 }, (_, i) => `grey${i}.${id}@example.com`);
    let refusingUntil = 0;
    smtp.setRefusal(() => {
      refusingUntil ||= Date.now() + 3000;
      return Date.now() < refusingUntil
        ? { code: 451, message: '4.7.1 Try again later' }
        : undefined;
    });
    try {
      const answer = postMultipart(
        `${base}${t.client.api.events.admin['send-email-blast'].$path()}`,
        multipartBody({ emails: emails.join('\n'), subject: `Greylisted ${id}` }, []),
        { Authorization: `Bearer ${token}` },
      );
      // Followed in the history while the send call waits.
      let sawPause: Record<string, unknown> | undefined;
      await until(
        async () => {
          const list = await read(
            t.as(token).api.admin['email-blasts'].$get({ query: { pageSize: '100' } }),
          );
          const blast = (list.body.blasts as Record<string, unknown>[]).find(
            (b) => b.subject === `Greylisted ${id}`,
          );
          if (blast?.pausedUntil) sawPause ??= blast;
          return blast?.status === 'done';
        },
        60_000,
        'the blast to be done',
        50,
      );
      const res = await answer;
      expect([200, 202]).toContain(res.status);
      const blastId = res.body.blastId as string;
      expect(sawPause).toMatchObject({
        status: 'sending',
        failedCount: 0,
        pauseReason: '451 4.7.1 Try again later',
      });

      const done = await progress(blastId);
      expect(done.blast).toMatchObject({
        status: 'done',
        total: 600,
        sentCount: 600,
        failedCount: 0,
        unknownCount: 0,
        pendingCount: 0,
        pausedUntil: null,
        pauseReason: null,
      });
      expect([...smtp.refused.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      const counts = emails.map((e) => smtp.to(e).length);
      expect(counts.filter((n) => n !== 1)).toEqual([]);
    } finally {
      smtp.setRefusal(undefined);
    }
  }, 90_000);

  it('a paused blast is resumed at start-up when its pause ends, not before', async () => {
    const [paused] = await t.db
      .insert(emailBlasts)
      .values({
        subject: 'Paused at a restart',
        status: 'sending',
        pausedUntil: sql`now() + interval '60 seconds'`,
        lastError: '451 4.7.1 Try again later',
      })
      .returning();
    const [open] = await t.db
      .insert(emailBlasts)
      .values({ subject: 'Stopped with the last process', status: 'sending' })
      .returning();
    for (const blast of [paused, open]) {
      await t.db.insert(emailBlastRecipients).values({
        blastId: blast?.id ?? '',
        email: `later.${randomBytes(4).toString('hex')}@example.com`,
      });
    }
    const queued: { blastId: string; startAfterSeconds?: number }[] = [];
    await resumeBlasts({
      db: t.db,
      log: createLogger({ LOG_LEVEL: 'silent' }),
      jobs: {
        send: async (_q, data, options = {}) =>
          void queued.push({ blastId: (data as { blastId: string }).blastId, ...options }),
      },
    });
    const pausedJob = queued.find((q) => q.blastId === paused?.id);
    expect(pausedJob?.startAfterSeconds).toBeGreaterThan(55);
    expect(pausedJob?.startAfterSeconds).toBeLessThanOrEqual(60);
    expect(queued.find((q) => q.blastId === open?.id)?.startAfterSeconds).toBe(0);
  });
});
