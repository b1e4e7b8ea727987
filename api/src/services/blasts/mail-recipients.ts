import type { Db } from '../../db/client.ts';
import type { emailBlasts } from '../../db/schema/email-blasts.ts';
import type { Env } from '../../env.ts';
import { mailErrorKind } from '../mail/mail-error-kind.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type BlastAttachment, blastMail } from '../mail/templates/blast-mail.ts';
import { unsubscribeUrl } from '../newsletter/unsubscribe-url.ts';
import { type RecipientOutcome, transitionBlastRecipient } from './transition-blast-recipient.ts';

/**
 * Messages handed to the transport and not yet answered, at most. A little more than the pool's
 * five connections keeps them all busy; more would only wait in the pool's queue, each one an
 * `unknown` recipient should the process die.
 */
const MAX_IN_FLIGHT = 8;

/** Outcomes answered within this long of each other are recorded together. */
const GATHER_MS = 20;

/**
 * How many recipients one claim takes: those the pacer lets start in about 20 ms, so a slow blast
 * claims each one right before mailing it, while a fast one (up to 20 per claim at 1,000 per
 * second) pays for the statement once per claim rather than once per message.
 */
export function claimSize(perSecond: number): number {
  return Math.max(1, Math.min(20, Math.floor(perSecond / 50)));
}

/** A wait that ends early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Resolves when the next message may start: starts at least 1/rate seconds apart. */
function pacer(perSecond: number, signal: AbortSignal) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await sleep(at - now, signal);
  };
}

export const errorText = (error: unknown) => {
  const e = error as { response?: unknown; message?: unknown } | null;
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? error);
  return text.slice(0, 1000);
};

export type MailStop = 'pause' | 'shutdown' | 'time';

/**
 * Mails a blast's pending recipients, paced at `BLAST_RATE`, until none is left or a reason to
 * stop. Each recipient is on record as `sending` before its message leaves (claimed a few at a
 * time), and each outcome is recorded as soon as the previous record is written:
 * - accepted: `sent`;
 * - refused for good (5xx): `failed`, with the server's reply;
 * - refused for now (4xx, server down or silent): back to `pending`, and the run stops (`pause`):
 *   claimed messages not yet started go back too;
 * - connection lost mid-message: `unknown`, never sent again by the job (it may have arrived);
 * - on shutdown, no answer within `graceMs`: `unknown`.
 * A crash leaves the rows it had claimed `sending`: the next worker calls them `unknown`, so no
 * recipient is mailed twice, and at most a claim plus MAX_IN_FLIGHT of them are in doubt.
 */
export async function mailRecipients(input: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'BLAST_RATE'>;
  secret: string;
  mailer: Mailer;
  blast: typeof emailBlasts.$inferSelect;
  attachment: BlastAttachment | null;
  shutdown: AbortSignal;
  graceMs: number;
  /** No message starts after this time (ms since the epoch). */
  deadline: number;
}) {
  const { db, blast, shutdown } = input;
  const tally = { sent: 0, failed: 0, skipped: 0, unknown: 0 };
  let stop: MailStop | 'done' | 'error' | undefined;
  let refusal: unknown;
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
    stop ??= 'error';
  };

  // Shutdown: nothing new starts, and what is in flight gets `graceMs` to be answered.
  let graceTimer: NodeJS.Timeout | undefined;
  let aborted = () => {};
  const stopping = new Promise<void>((resolve) => {
    aborted = resolve;
  });
  const graceOver = stopping.then(
    () => new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, input.graceMs))),
  );
  const onAbort = () => {
    stop ??= 'shutdown';
    aborted();
  };
  shutdown.addEventListener('abort', onAbort, { once: true });
  if (shutdown.aborted) onAbort();

  // Outcomes are written behind the sends: a claim's worth, or those of GATHER_MS, in one
  // statement, so a fast blast pays for its bookkeeping once per few messages and a slow one
  // records each message as soon as it is answered.
  const size = claimSize(input.env.BLAST_RATE);
  const outcomes: RecipientOutcome[] = [];
  let flushing: Promise<void> | undefined;
  let gathering: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(gathering);
    gathering = undefined;
    if (flushing || outcomes.length === 0) return;
    flushing = transitionBlastRecipient(db, { move: 'record', outcomes: outcomes.splice(0, 500) })
      .then(() => {})
      .catch(fail)
      .finally(() => {
        flushing = undefined;
        flushSoon();
      });
  };
  const flushSoon = () => {
    if (outcomes.length >= size) flush();
    else if (outcomes.length > 0) gathering ??= setTimeout(flush, GATHER_MS);
  };
  const settle = (outcome: RecipientOutcome) => {
    if (outcome.status !== 'pending') tally[outcome.status] += 1;
    outcomes.push(outcome);
    flushSoon();
  };

  const live = new Map<string, Promise<void>>();
  const send = (row: { id: string; email: string }) => {
    const message = blastMail({
      to: row.email,
      subject: blast.subject,
      message: blast.message,
      unsubscribeUrl: unsubscribeUrl(input.env, input.secret, row.email),
      attachment: input.attachment,
    });
    const sending = input.mailer.send(message).then(
      () => ({ id: row.id, status: 'sent' }) as const,
      (error: unknown): RecipientOutcome => {
        const kind = mailErrorKind(error);
        if (kind === 'temporary') {
          refusal ??= error;
          stop ??= 'pause';
          return { id: row.id, status: 'pending', error: errorText(error), attempted: true };
        }
        return {
          id: row.id,
          status: kind === 'permanent' ? 'failed' : 'unknown',
          error: errorText(error),
        };
      },
    );
    live.set(
      row.id,
      sending.then((outcome) => {
        // Not when given up on after the shutdown's grace period (recorded unknown already).
        if (live.delete(row.id)) settle(outcome);
      }),
    );
  };

  const pace = pacer(input.env.BLAST_RATE, shutdown);
  let claimed: { id: string; email: string }[] = [];
  try {
    while (!stop) {
      if (Date.now() >= input.deadline) {
        stop = 'time';
        break;
      }
      if (live.size >= MAX_IN_FLIGHT) {
        await Promise.race([...live.values(), stopping]);
        continue;
      }
      await pace();
      if (stop) break;
      if (claimed.length === 0) {
        const rows = await transitionBlastRecipient(db, {
          move: 'claim',
          blastId: blast.id,
          size,
        }).catch((error: unknown) => {
          fail(error);
          return [];
        });
        if (rows.length === 0) {
          stop ??= 'done';
          break;
        }
        tally.skipped += rows.filter((r) => r.status === 'skipped').length;
        claimed = rows.filter((r) => r.status === 'sending');
        // Claimed while the run was stopping: they go back below.
        if (stop || claimed.length === 0) continue;
      }
      const next = claimed.shift();
      if (next) send(next);
    }
    // Claimed, never handed to the server: pending again, the attempt not counted.
    for (const row of claimed.splice(0)) {
      settle({ id: row.id, status: 'pending', error: null, attempted: false });
    }
    await Promise.race([Promise.all(live.values()), graceOver]);
    for (const id of [...live.keys()]) {
      live.delete(id);
      settle({
        id,
        status: 'unknown',
        error: 'No answer from the mail server before the API stopped',
      });
    }
    while (flushing || outcomes.length > 0) {
      flush();
      await flushing;
    }
  } finally {
    shutdown.removeEventListener('abort', onAbort);
    clearTimeout(graceTimer);
    clearTimeout(gathering);
  }
  if (failure !== undefined) throw failure;
  return { stop: stop === 'done' ? undefined : stop, refusal, tally };
}
