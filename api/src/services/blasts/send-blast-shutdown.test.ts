import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailBlastRecipients, emailBlasts } from '../../db/schema/email-blasts.ts';
import { createLogger } from '../../lib/logger.ts';
import { queuedBlast } from '../../test/blasts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { serveSmtp } from '../../test/serve-smtp.ts';
import { until } from '../../test/until.ts';
import { createMailer } from '../mail/mailer.ts';
import { sendBlast } from './send-blast.ts';

/**
 * An SMTP server that takes every message, and answers none for recipients at slow.example.com
 * (the sender waits on until its own timeout).
 */
async function startStallingSmtp() {
  const arrived: string[] = [];
  const { url, close } = await serveSmtp((to, _session, done) => {
    arrived.push(...to);
    if (!to.some((a) => a.endsWith('@slow.example.com'))) done();
  });
  afterAll(close);
  return {
    url,
    arrived,
    arrivals: (address: string) => arrived.filter((a) => a === address).length,
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startStallingSmtp>>;

beforeAll(async () => {
  smtp = await startStallingSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
}, 60_000);

const tag = () => randomBytes(4).toString('hex');
const log = createLogger({ LOG_LEVEL: 'silent' });

const rows = (blastId: string) =>
  t.db.select().from(emailBlastRecipients).where(eq(emailBlastRecipients.blastId, blastId));

function job(blastId: string, rate: number, shutdown: AbortSignal) {
  const queued: { data: unknown; startAfterSeconds?: number }[] = [];
  const mailer = createMailer(t.env, log);
  const run = sendBlast({
    db: t.db,
    env: { ...t.env, BLAST_RATE: rate },
    log,
    mailer,
    storage: t.storage,
    jobs: {
      send: async (_q, data, options = {}) =>
        void queued.push({ data, startAfterSeconds: options.startAfterSeconds }),
    },
    secret: t.secret,
    shutdown,
    blastId,
  }).finally(() => mailer.close());
  return { run, queued };
}

describe('an email blast when the process starts to stop', () => {
  it('stops taking recipients, records every message in flight, and is queued again; the next job finishes it, each mailed once', async () => {
    const id = tag();
    const emails = Array.from({ length: 300 }, (_, i) => `stop${i}.${id}@example.com`);
    const { id: blastId } = await queuedBlast(t.db, emails, 'Stopping');
    const stop = new AbortController();
    const first = job(blastId, 200, stop.signal);
    await until(() => smtp.arrived.length >= 60, 20_000, '60 messages');
    const stoppedAt = Date.now();
    stop.abort();
    await first.run;
    expect(Date.now() - stoppedAt).toBeLessThan(3000);
    // For a live process (or the next one) to take over.
    expect(first.queued).toEqual([{ data: { blastId }, startAfterSeconds: 5 }]);

    const after = await rows(blastId);
    expect(after.filter((r) => r.status === 'sending')).toEqual([]);
    const sent = after.filter((r) => r.status === 'sent');
    const pending = after.filter((r) => r.status === 'pending');
    expect(sent.length + pending.length).toBe(300);
    expect(sent.length).toBeGreaterThanOrEqual(60);
    expect(pending.length).toBeGreaterThan(0);
    // Each message the server took is on record as sent; no pending one was handed over.
    expect(sent.every((r) => smtp.arrivals(r.email) === 1)).toBe(true);
    expect(pending.every((r) => smtp.arrivals(r.email) === 0 && r.attempts === 0)).toBe(true);
    const [blast] = await t.db.select().from(emailBlasts).where(eq(emailBlasts.id, blastId));
    expect(blast?.status).toBe('sending');

    const second = job(blastId, 200, new AbortController().signal);
    await second.run;
    expect(emails.map(smtp.arrivals)).toEqual(emails.map(() => 1));
    const done = await rows(blastId);
    expect(done.every((r) => r.status === 'sent')).toBe(true);
  });

  it('gives unanswered messages 3 s, then records them unknown and returns', async () => {
    const id = tag();
    const slow = Array.from({ length: 2 }, (_, i) => `hang${i}.${id}@slow.example.com`);
    const ok = Array.from({ length: 20 }, (_, i) => `fine${i}.${id}@example.com`);
    const { id: blastId } = await queuedBlast(t.db, [...slow, ...ok], 'Hanging');
    const stop = new AbortController();
    const first = job(blastId, 40, stop.signal);
    await until(() => slow.every((a) => smtp.arrivals(a) === 1), 20_000, 'the slow ones');
    const stoppedAt = Date.now();
    stop.abort();
    await first.run;
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(4500);

    const after = await rows(blastId);
    expect(after.filter((r) => r.status === 'sending')).toEqual([]);
    for (const address of slow) {
      expect(after.find((r) => r.email === address)).toMatchObject({
        status: 'unknown',
        error: 'No answer from the mail server before the API stopped',
      });
    }
    expect(
      after
        .filter((r) => r.status === 'sent')
        .every((r) => smtp.arrivals(r.email) === 1 && r.email.endsWith('@example.com')),
    ).toBe(true);
  });
});
