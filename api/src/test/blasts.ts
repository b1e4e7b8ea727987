import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailBlastRecipients, emailBlasts } from '../db/schema/email-blasts.ts';
import { read, type TestApp } from './harness.ts';
import { until } from './until.ts';

/**
 * A blast written straight to the database, as createBlast leaves it: its recipients pending
 * (or as given).
 */
export async function queuedBlast(
  db: Db,
  recipients: (string | { email: string; status?: 'pending' | 'sending' })[],
  subject: string,
) {
  const [blast] = await db.insert(emailBlasts).values({ subject, message: 'Hi' }).returning();
  if (!blast) throw new Error('no blast');
  await db
    .insert(emailBlastRecipients)
    .values(
      recipients.map((r) => ({ blastId: blast.id, ...(typeof r === 'string' ? { email: r } : r) })),
    );
  return blast;
}

/** A blast's progress as the admin reads it: the blast with its counts, and its recipients. */
export interface BlastProgress {
  blast: Record<string, unknown> & {
    status: string;
    pendingCount: number;
    pausedUntil: string | null;
    pauseReason: string | null;
  };
  recipients: { email: string; status: string; error: string | null; sentAt: string | null }[];
}

/** The blast's progress as the admin `token` reads it; fails unless it is answered (200). */
export async function blastProgress(t: TestApp, token: string, blastId: string) {
  const res = await read(
    t.as(token).api.admin['email-blasts'][':id'].$get({ param: { id: blastId } }),
  );
  if (res.status !== 200) throw new Error(`no progress: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BlastProgress;
}

/** Waits until the admin reads the blast done; answers that progress. */
export function untilBlastDone(
  t: TestApp,
  token: string,
  blastId: string,
  timeoutMs = 20_000,
  pollMs = 100,
) {
  return until(
    async () => {
      const progress = await blastProgress(t, token, blastId);
      return progress.blast.status === 'done' && progress;
    },
    timeoutMs,
    'the blast to be done',
    pollMs,
  );
}

/** The blast with this id or subject, once its row exists (for the tests of API processes). */
export async function blastOf(db: Db, by: { id: string } | { subject: string }) {
  const [row] = await db
    .select()
    .from(emailBlasts)
    .where('id' in by ? eq(emailBlasts.id, by.id) : eq(emailBlasts.subject, by.subject));
  return row;
}
