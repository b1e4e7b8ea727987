import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit-log.ts';
import { createLogger } from '../../lib/logger.ts';
import { signInAdmin } from '../../test/accounts.ts';
import { blastProgress, queuedBlast, untilBlastDone } from '../../test/blasts.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { multipartBody, postMultipart } from '../../test/multipart.ts';
import { serveSmtp } from '../../test/serve-smtp.ts';
import { createMailer } from '../mail/mailer.ts';
import { sendBlast } from './send-blast.ts';

/**
 * An SMTP server that takes every message whole, but for recipients at break.example.com
 * (while `breaking`) drops the connection instead of answering 250: the message arrived, the
 * sender cannot know it.
 */
async function startBreakingSmtp() {
  const arrived: string[] = [];
  const sockets = new Map<number, Socket>();
  const state = { breaking: true };
  const { server, url, close } = await serveSmtp((to, session, done) => {
    arrived.push(...to);
    if (state.breaking && to.some((a) => a.endsWith('@break.example.com'))) {
      sockets.get(session.remotePort)?.destroy();
    } else {
      done();
    }
  });
  server.server.on('connection', (socket: Socket) => {
    if (socket.remotePort) sockets.set(socket.remotePort, socket);
  });
  afterAll(close);
  return {
    url,
    state,
    /** How many times a message to `address` arrived whole. */
    arrivals: (address: string) => arrived.filter((a) => a === address).length,
  };
}

let t: TestApp;
let base: string;
let smtp: Awaited<ReturnType<typeof startBreakingSmtp>>;
let token: string;
let adminId: string;

beforeAll(async () => {
  smtp = await startBreakingSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, BLAST_RATE: '50' }, { jobs: true });
  base = await t.listen();
  const admin = await signInAdmin(t.db);
  token = admin.token;
  adminId = admin.user.id;
}, 60_000);

const tag = () => randomBytes(4).toString('hex');

const progress = (blastId: string) => blastProgress(t, token, blastId);

const untilDone = (blastId: string) => untilBlastDone(t, token, blastId);

const resend = (id: string) =>
  read(t.as(token).api.admin['email-blasts'][':id']['resend-unknown'].$post({ param: { id } }));

describe('recipients whose outcome is unknown', () => {
  it('a connection lost mid-message is unknown and not sent again; resend mails exactly those, once', async () => {
    const id = tag();
    const ok = Array.from({ length: 6 }, (_, i) => `ok${i}.${id}@example.com`);
    const lost = [`lost1.${id}@break.example.com`, `lost2.${id}@break.example.com`];
    const sent = await postMultipart(
      `${base}${t.client.api.events.admin['send-email-blast'].$path()}`,
      multipartBody({ emails: [...ok, ...lost].join('\n'), subject: 'Broken line' }, []),
      { Authorization: `Bearer ${token}` },
    );
    const blastId = sent.body.blastId as string;

    const done = await untilDone(blastId);
    expect(done.blast).toMatchObject({
      total: 8,
      sentCount: 6,
      failedCount: 0,
      unknownCount: 2,
      pendingCount: 0,
    });
    for (const address of lost) {
      const row = done.recipients.find((r) => r.email === address);
      expect(row?.status).toBe('unknown');
      expect(row?.error).toEqual(expect.any(String));
    }
    // Arrived once each, and the job leaves them alone.
    await new Promise((r) => setTimeout(r, 1500));
    expect([...ok, ...lost].map(smtp.arrivals)).toEqual([...ok, ...lost].map(() => 1));
    expect((await progress(blastId)).blast).toMatchObject({ status: 'done', unknownCount: 2 });

    smtp.state.breaking = false;
    const res = await resend(blastId);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ blastId, status: 'queued', resent: 2 });
    const again = await untilDone(blastId);
    expect(again.blast).toMatchObject({ sentCount: 8, unknownCount: 0, failedCount: 0 });
    expect(ok.map(smtp.arrivals)).toEqual(ok.map(() => 1));
    expect(lost.map(smtp.arrivals)).toEqual([2, 2]);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, blastId), eq(auditLog.action, 'blast.resend-unknown')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, detail: { recipients: 2 } });

    const none = await resend(blastId);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(m.nothingToResend);
  });

  it('rows a dead worker left `sending` become unknown and are not mailed; the blast is done', async () => {
    const id = tag();
    const orphan = `orphan.${id}@example.com`;
    const fresh = `fresh.${id}@example.com`;
    const { id: blastId } = await queuedBlast(
      t.db,
      [{ email: orphan, status: 'sending' }, { email: fresh }],
      'After a crash',
    );
    const mailer = createMailer(t.env, createLogger({ LOG_LEVEL: 'silent' }));
    try {
      await sendBlast({
        db: t.db,
        env: t.env,
        log: createLogger({ LOG_LEVEL: 'silent' }),
        mailer,
        storage: t.storage,
        jobs: { send: async () => {} },
        secret: t.secret,
        shutdown: new AbortController().signal,
        blastId,
      });
    } finally {
      await mailer.close();
    }
    const done = await untilDone(blastId);
    expect(done.blast).toMatchObject({ sentCount: 1, unknownCount: 1, pendingCount: 0 });
    expect(done.recipients.find((r) => r.email === orphan)?.status).toBe('unknown');
    expect(smtp.arrivals(orphan)).toBe(0);
    expect(smtp.arrivals(fresh)).toBe(1);
  });

  it('resend of an unknown blast answers 404', async () => {
    const res = await resend('00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(m.blastNotFound);
  });
});
