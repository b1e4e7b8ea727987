import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundMail } from '../../db/schema/outbound-mail.ts';
import type { Logger } from '../../lib/logger.ts';
import { mailErrorKind } from './mail-error-kind.ts';
import type { Mailer } from './mailer.ts';
import { transitionOutboundMail } from './transition-outbound-mail.ts';

/** Attempts of a mail the server keeps refusing for now, before it is called failed. */
export const MAX_MAIL_ATTEMPTS = 15;
/** After shutdown starts, how long in-flight sends may take before they are recorded unknown. */
const SHUTDOWN_GRACE_MS = 3_000;

type Row = typeof outboundMail.$inferSelect;
type Outcome =
  | { status: 'sent' }
  | { status: 'pending'; delaySeconds: number; error: string }
  | { status: 'failed' | 'unknown'; error: string };

const text = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** The delay before attempt `attempts + 1`: base, doubled each time, at most an hour, +0-20%. */
export function retryDelaySeconds(baseSeconds: number, attempts: number): number {
  const delay = Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 3600);
  return Math.round(delay * (1 + Math.random() * 0.2) * 10) / 10;
}

function outcomeOf(row: Row, error: unknown, retrySeconds: number): Outcome {
  const kind = mailErrorKind(error);
  if (kind === 'permanent') return { status: 'failed', error: text(error) };
  if (kind === 'uncertain') return { status: 'unknown', error: text(error) };
  if (row.attempts >= MAX_MAIL_ATTEMPTS) {
    return { status: 'failed', error: `gave up after ${row.attempts} attempts: ${text(error)}` };
  }
  return {
    status: 'pending',
    delaySeconds: retryDelaySeconds(retrySeconds, row.attempts),
    error: text(error),
  };
}

async function record(db: Db, id: string, outcome: Outcome) {
  const set =
    outcome.status === 'sent'
      ? { sentAt: new Date(), lastError: null }
      : outcome.status === 'pending'
        ? {
            lastError: outcome.error,
            nextAttemptAt: sql`now() + make_interval(secs => ${outcome.delaySeconds})`,
          }
        : { lastError: outcome.error };
  // Only a row still `sending`: after a long stall the stale sweep may have called it unknown.
  await transitionOutboundMail(db, {
    which: eq(outboundMail.id, id),
    from: ['sending'],
    to: outcome.status,
    set,
  });
}

/**
 * Sends up to `limit` queued mails that are due. Each attempt is committed (`sending`) before
 * the message goes to the mail server, so a process that dies mid-send leaves a row that says
 * so (start-mail-worker.ts later calls it unknown) instead of one that would be mailed again.
 * Temporary refusals wait and retry with backoff; permanent ones fail; a connection broken
 * mid-message is unknown. Answers how many were claimed (0: nothing is due).
 */
export async function sendQueuedMail({
  db,
  mailer,
  log,
  retrySeconds,
  signal,
  limit = 5,
}: {
  db: Db;
  mailer: Mailer;
  log: Logger;
  retrySeconds: number;
  /** Aborted when the process stops: nothing more is claimed, in-flight sends get a grace. */
  signal?: AbortSignal;
  limit?: number;
}): Promise<number> {
  if (signal?.aborted) return 0;
  const due = db
    .select({ id: outboundMail.id })
    .from(outboundMail)
    .where(and(eq(outboundMail.status, 'pending'), sql`${outboundMail.nextAttemptAt} <= now()`))
    .orderBy(outboundMail.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await transitionOutboundMail(db, {
    which: sql`${outboundMail.id} in (${due})`,
    from: ['pending'],
    to: 'sending',
    set: { attempts: sql`${outboundMail.attempts} + 1`, attemptedAt: sql`now()` },
  });
  if (claimed.length === 0) return 0;

  const inFlight = new Set(claimed.map((row) => row.id));
  const sends = claimed.map(async (row) => {
    let outcome: Outcome;
    try {
      const { to, subject, text: body, html, replyTo, headers } = row.message;
      await mailer.send({
        to,
        subject,
        text: body,
        html,
        ...(replyTo ? { replyTo } : {}),
        ...(headers ? { headers } : {}),
      });
      outcome = { status: 'sent' };
    } catch (error) {
      outcome = outcomeOf(row, error, retrySeconds);
      log.warn(
        { err: error, mailId: row.id, purpose: row.purpose, outcome: outcome.status },
        'queued mail not sent',
      );
    }
    if (!inFlight.delete(row.id)) return; // already recorded unknown at shutdown
    await record(db, row.id, outcome);
  });
  const all = Promise.allSettled(sends);
  if (signal) {
    const grace = new Promise<'grace'>((resolve) => {
      const expire = () => setTimeout(() => resolve('grace'), SHUTDOWN_GRACE_MS).unref();
      if (signal.aborted) expire();
      else signal.addEventListener('abort', expire, { once: true });
    });
    if ((await Promise.race([all, grace])) === 'grace' && inFlight.size > 0) {
      const left = [...inFlight];
      inFlight.clear();
      for (const id of left) {
        await record(db, id, {
          status: 'unknown',
          error: 'the process stopped before the mail server answered',
        });
      }
      log.warn({ mails: left.length }, 'mails in flight at shutdown recorded as unknown');
      // Not awaited further: the mailer is closed next, which ends those sends.
      return claimed.length;
    }
  }
  await all;
  return claimed.length;
}
