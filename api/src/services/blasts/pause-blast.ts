import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts } from '../../db/schema/email-blasts.ts';
import type { Jobs } from '../../jobs/jobs.ts';

/** The longest pause: a server that refuses for hours is still tried every hour. */
const MAX_PAUSE_SECONDS = 3600;

/** How long the `pauses`-th pause in a row lasts (0 for the first): the base, doubling. */
export function blastPauseSeconds(baseSeconds: number, pauses: number): number {
  return Math.min(MAX_PAUSE_SECONDS, baseSeconds * 2 ** Math.min(pauses, 20));
}

/**
 * The mail server refused for now (a 4xx reply, or it is down): the blast shows the reply and
 * when it resumes, and its job is queued to start then. The pause is written first, so the
 * queued job never starts before it ends (a job that does, see sendBlast, leaves it to this one).
 */
export async function pauseBlast({
  db,
  jobs,
  blastId,
  seconds,
  reply,
  pauses,
}: {
  db: Db;
  jobs: Jobs;
  blastId: string;
  seconds: number;
  reply: string;
  /** Pauses in a row so far, this one included: the next job's backoff step. */
  pauses: number;
}) {
  await db
    .update(emailBlasts)
    .set({ pausedUntil: sql`now() + ${seconds} * interval '1 second'`, lastError: reply })
    .where(eq(emailBlasts.id, blastId));
  await jobs.send('email-blast', { blastId, pauses }, { startAfterSeconds: seconds });
}
