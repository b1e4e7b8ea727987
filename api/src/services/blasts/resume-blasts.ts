import { and, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailBlasts, emailBlastRecipients as r } from '../../db/schema/email-blasts.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Logger } from '../../lib/logger.ts';

/**
 * At start-up: queues a job for every unfinished blast (one stopped with the last process, or
 * whose process died), to start when its pause, if any, ends. pg-boss retries the job of a
 * process that died only after the job's expiry (15 min), so without this a crash would leave a
 * blast half-sent for that long. A blast still being sent by a live process gets a second job,
 * which waits for that worker (see sendBlast) and then finds nothing left to send.
 */
export async function resumeBlasts({ db, jobs, log }: { db: Db; jobs: Jobs; log: Logger }) {
  try {
    const open = db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.blastId, emailBlasts.id), inArray(r.status, ['pending', 'sending'])));
    const unfinished = await db
      .select({
        id: emailBlasts.id,
        pauseSeconds: sql<number>`greatest(0, extract(epoch from ${emailBlasts.pausedUntil} - now()))::float8`,
      })
      .from(emailBlasts)
      .where(or(ne(emailBlasts.status, 'done'), exists(open)));
    for (const { id, pauseSeconds } of unfinished) {
      await jobs.send('email-blast', { blastId: id }, { startAfterSeconds: pauseSeconds });
    }
    if (unfinished.length > 0) log.info({ count: unfinished.length }, 'email blasts resumed');
    return unfinished.length;
  } catch (err) {
    // Not fatal: the jobs' own retries still finish them, later.
    log.error({ err }, 'could not resume email blasts');
    return 0;
  }
}
