import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailBlastRecipients } from '../../db/schema/email-blasts.ts';
import { subscribers } from '../../db/schema/subscribers.ts';
import { createLogger } from '../../lib/logger.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { blastProgress, queuedBlast, untilBlastDone } from '../../test/blasts.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { multipartBody, postMultipart } from '../../test/multipart.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { createMailer } from '../mail/mailer.ts';
import { claimSize } from './mail-recipients.ts';
import { sendBlast } from './send-blast.ts';

/**
 * The shared test SMTP server, refusing RCPT TO for addresses at reject.example.com while
 * `state.rejecting` is set.
 */
async function startRejectingSmtp() {
  const state = { rejecting: true };
  const smtp = await startSmtpServer({
    refuse: (address) => state.rejecting && address.endsWith('@reject.example.com'),
  });
  return { ...smtp, state };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startRejectingSmtp>>;
let base: string;
let token: string;

beforeAll(async () => {
  smtp = await startRejectingSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, BLAST_RATE: '2' }, { jobs: true });
  base = await t.listen();
  token = (await signInAdmin(t.db)).token;
}, 60_000);

const tag = () => randomBytes(4).toString('hex');

function post(fields: Record<string, string>) {
  return postMultipart(
    `${base}${t.client.api.events.admin['send-email-blast'].$path()}`,
    multipartBody(fields, []),
    {
      Authorization: `Bearer ${token}`,
    },
  );
}

const progress = (blastId: string) => blastProgress(t, token, blastId);

const untilDone = (blastId: string, timeoutMs: number) =>
  untilBlastDone(t, token, blastId, timeoutMs, 250);

function jobDeps() {
  return {
    db: t.db,
    env: { ...t.env, BLAST_RATE: 50, BLAST_PAUSE_SECONDS: 0.3 },
    log: createLogger({ LOG_LEVEL: 'silent' }),
    storage: t.storage,
    secret: 'test-secret-0123456789abcdef0123456789',
    shutdown: new AbortController().signal,
  };
}

/** A stand-in for pg-boss that keeps what the job queues. */
function queueSpy() {
  const queued: { data: unknown; startAfterSeconds?: number }[] = [];
  return {
    queued,
    jobs: {
      send: async (_queue: string, data: unknown, options: { startAfterSeconds?: number } = {}) =>
        void queued.push({ data, startAfterSeconds: options.startAfterSeconds }),
    },
  };
}

async function rows(blastId: string) {
  return t.db.select().from(emailBlastRecipients).where(eq(emailBlastRecipients.blastId, blastId));
}

describe('the email-blast job', () => {
  it('a blast slower than 10 s answers 202; its progress then shows it finishing at BLAST_RATE', async () => {
    const id = tag();
    const emails = Array.from({ length: 30 }, (_, i) => `slow${i}.${id}@example.com`);
    const started = Date.now();
    const res = await post({ emails: emails.join('\n'), subject: 'Slow one' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      blastId: expect.any(String),
      status: 'sending',
      failedCount: 0,
      total: 30,
    });
    expect(res.body.sentCount).toBeGreaterThan(0);
    expect(res.body.sentCount).toBeLessThan(30);

    const midway = await progress(res.body.blastId as string);
    expect(midway.blast.pendingCount).toBeGreaterThan(0);

    const done = await untilDone(res.body.blastId as string, 20_000);
    expect(done.blast).toMatchObject({
      total: 30,
      sentCount: 30,
      failedCount: 0,
      pendingCount: 0,
      finishedAt: expect.any(String),
    });
    expect(done.recipients.every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
    const mails = emails.map((e) => smtp.to(e));
    expect(mails.map((list) => list.length)).toEqual(emails.map(() => 1));
    // 2 per second: each message starts at least 500 ms after the one before. (From the second
    // arrival: the first also waited for the SMTP connection to open.)
    const times = mails.map((list) => list[0]?.at ?? 0).sort((a, b) => a - b);
    expect((times.at(-1) ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(28 * 500 - 300);
  }, 60_000);

  it('records a refused recipient as failed with the error, and a retry re-sends only it', async () => {
    const id = tag();
    const ok = [`ok1.${id}@example.com`, `ok2.${id}@example.com`];
    const bad = `bad.${id}@reject.example.com`;
    const res = await post({ emails: [...ok, bad].join(','), subject: 'Partly refused' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sentCount: 2, failedCount: 1, skippedCount: 0 });

    const p = await progress(res.body.blastId as string);
    const failed = p.recipients.find((r) => r.email === bad);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toMatch(/550/);
    expect(failed?.error).toMatch(/Mailbox unavailable/);
    expect(failed?.sentAt).toBeNull();
    expect(smtp.to(bad)).toHaveLength(0);

    smtp.state.rejecting = false;
    try {
      const retry = await read(
        t.as(token).api.admin['email-blasts'][':id'].retry.$post({
          param: { id: res.body.blastId as string },
        }),
      );
      expect(retry.status).toBe(202);
      expect(retry.body).toMatchObject({ blastId: res.body.blastId, retried: 1 });
      const done = await untilDone(res.body.blastId as string, 15_000);
      expect(done.blast).toMatchObject({ sentCount: 3, failedCount: 0, pendingCount: 0 });
      expect(done.recipients.find((r) => r.email === bad)).toMatchObject({
        status: 'sent',
        error: null,
      });
    } finally {
      smtp.state.rejecting = true;
    }
    expect(smtp.to(bad)).toHaveLength(1);
    for (const address of ok) expect(smtp.to(address)).toHaveLength(1);
  }, 60_000);

  it('two workers running one blast at once mail each recipient once', async () => {
    const id = tag();
    const emails = Array.from({ length: 6 }, (_, i) => `twice${i}.${id}@example.com`);
    const blast = await queuedBlast(t.db, emails, 'Twice');
    const deps = { ...jobDeps(), jobs: { send: async () => {} } };
    // Each worker with its own pool of SMTP connections, as two processes would have.
    const mailers = [createMailer(t.env, deps.log), createMailer(t.env, deps.log)];
    try {
      await Promise.all(mailers.map((mailer) => sendBlast({ ...deps, mailer, blastId: blast.id })));
    } finally {
      await Promise.all(mailers.map((mailer) => mailer.close()));
    }
    expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 1));
    const p = await progress(blast.id);
    expect(p.blast).toMatchObject({ status: 'done', sentCount: 6, pendingCount: 0 });
  });

  it('at a high rate, records each recipient of a batch on its own: sent, refused, unsubscribed', async () => {
    const id = tag();
    const ok = Array.from({ length: 40 }, (_, i) => `fast${i}.${id}@example.com`);
    const bad = `fastbad.${id}@reject.example.com`;
    const gone = `fastgone.${id}@example.com`;
    const blast = await queuedBlast(t.db, [...ok, bad, gone], 'Fast');
    // Unsubscribed after the blast was queued.
    await t.db.insert(subscribers).values({ email: gone, status: 'unsubscribed' });
    const deps = {
      ...jobDeps(),
      env: { ...t.env, BLAST_RATE: 1000 },
      jobs: { send: async () => {} },
    };
    expect(claimSize(1000)).toBeGreaterThan(1);
    const mailer = createMailer(t.env, deps.log);
    try {
      await sendBlast({ ...deps, mailer, blastId: blast.id });
    } finally {
      await mailer.close();
    }
    expect(ok.map((e) => smtp.to(e).length)).toEqual(ok.map(() => 1));
    expect(smtp.to(bad)).toHaveLength(0);
    expect(smtp.to(gone)).toHaveLength(0);
    const p = await progress(blast.id);
    expect(p.blast).toMatchObject({
      status: 'done',
      sentCount: 40,
      failedCount: 1,
      pendingCount: 0,
    });
    const byEmail = new Map(p.recipients.map((r) => [r.email, r]));
    expect(byEmail.get(bad)).toMatchObject({ status: 'failed', sentAt: null });
    expect(byEmail.get(bad)?.error).toMatch(/550/);
    expect(byEmail.get(gone)).toMatchObject({ status: 'skipped', sentAt: null, error: null });
    expect(ok.every((e) => byEmail.get(e)?.status === 'sent' && byEmail.get(e)?.sentAt)).toBe(true);
  });

  it('pauses the blast while the mail server is down, leaving every recipient pending and none failed', async () => {
    const id = tag();
    const emails = Array.from({ length: 10 }, (_, i) => `down${i}.${id}@example.com`);
    const blast = await queuedBlast(t.db, emails, 'Down');
    const spy = queueSpy();
    const deps = { ...jobDeps(), env: { ...jobDeps().env, BLAST_RATE: 1000 }, jobs: spy.jobs };
    const mailer = createMailer({ ...t.env, SMTP_URL: 'smtp://127.0.0.1:1' }, deps.log);
    try {
      await sendBlast({ ...deps, mailer, blastId: blast.id });
    } finally {
      await mailer.close();
    }
    // Queued again for when the pause ends, as its first pause.
    expect(spy.queued).toEqual([
      { data: { blastId: blast.id, pauses: 1 }, startAfterSeconds: 0.3 },
    ]);
    const p = await progress(blast.id);
    expect(p.blast).toMatchObject({
      status: 'sending',
      pendingCount: 10,
      sentCount: 0,
      failedCount: 0,
    });
    expect(p.blast.pausedUntil).toEqual(expect.any(String));
    expect(p.blast.pauseReason).toMatch(/ECONNREFUSED/);
    expect(p.recipients.every((r) => r.status === 'pending')).toBe(true);
  });

  it('a 451 pauses the blast with the reply, each pause in a row twice as long; then it finishes', async () => {
    const id = tag();
    const emails = Array.from({ length: 5 }, (_, i) => `grey${i}.${id}@example.com`);
    const blast = await queuedBlast(t.db, emails, 'Greylisted');
    const spy = queueSpy();
    const deps = { ...jobDeps(), jobs: spy.jobs };
    const mailer = createMailer(t.env, deps.log);
    smtp.setRefusal((to) =>
      to.endsWith(`.${id}@example.com`)
        ? { code: 451, message: '4.7.1 Try again later' }
        : undefined,
    );
    try {
      await sendBlast({ ...deps, mailer, blastId: blast.id });
      expect(spy.queued.at(-1)).toEqual({
        data: { blastId: blast.id, pauses: 1 },
        startAfterSeconds: 0.3,
      });
      const paused = await progress(blast.id);
      expect(paused.blast).toMatchObject({
        status: 'sending',
        pendingCount: 5,
        failedCount: 0,
        pauseReason: '451 4.7.1 Try again later',
      });
      expect(new Date(String(paused.blast.pausedUntil)).getTime()).toBeGreaterThan(Date.now());
      // Refused, not failed: back to pending with the reply, the attempt counted.
      expect(
        (await rows(blast.id)).filter(
          (r) => r.attempts === 1 && r.error === '451 4.7.1 Try again later',
        ).length,
      ).toBeGreaterThan(0);

      // A job that starts during the pause leaves it to the one queued for its end.
      const refusedBefore = smtp.refused.get(emails[0] ?? '') ?? 0;
      await sendBlast({ ...deps, mailer, blastId: blast.id });
      expect(spy.queued).toHaveLength(1);
      expect(smtp.refused.get(emails[0] ?? '') ?? 0).toBe(refusedBefore);

      await new Promise((r) => setTimeout(r, 400));
      await sendBlast({ ...deps, mailer, blastId: blast.id, pauses: 1 });
      expect(spy.queued.at(-1)).toEqual({
        data: { blastId: blast.id, pauses: 2 },
        startAfterSeconds: 0.6,
      });

      smtp.setRefusal(undefined);
      await new Promise((r) => setTimeout(r, 700));
      await sendBlast({ ...deps, mailer, blastId: blast.id, pauses: 2 });
      expect(spy.queued).toHaveLength(2);
    } finally {
      smtp.setRefusal(undefined);
      await mailer.close();
    }
    const done = await progress(blast.id);
    expect(done.blast).toMatchObject({
      status: 'done',
      sentCount: 5,
      failedCount: 0,
      pausedUntil: null,
      pauseReason: null,
    });
    expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 1));
  });

  it('hands a long blast over to a new job when its time budget runs out', async () => {
    const id = tag();
    const emails = Array.from({ length: 10 }, (_, i) => `budget${i}.${id}@example.com`);
    const blast = await queuedBlast(t.db, emails, 'Budget');
    const { queued, jobs } = queueSpy();
    const deps = { ...jobDeps(), jobs };
    const mailer = createMailer(t.env, deps.log);
    try {
      // 50 per second: about 3 messages fit in 50 ms.
      await sendBlast({ ...deps, mailer, blastId: blast.id, budgetMs: 50 });
      expect(queued).toEqual([{ data: { blastId: blast.id }, startAfterSeconds: undefined }]);
      const midway = await progress(blast.id);
      expect(midway.blast.status).toBe('sending');
      expect(midway.blast.pendingCount).toBeGreaterThan(0);
      expect(midway.blast.pendingCount).toBeLessThan(10);

      await sendBlast({ ...deps, mailer, blastId: blast.id });
      expect(queued).toHaveLength(1);
    } finally {
      await mailer.close();
    }
    expect(emails.map((e) => smtp.to(e).length)).toEqual(emails.map(() => 1));
    expect((await progress(blast.id)).blast).toMatchObject({ status: 'done', sentCount: 10 });
  });
});
