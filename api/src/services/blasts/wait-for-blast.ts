import type { Db } from '../../db/client.ts';
import { findBlastSummary } from './find-blast-summary.ts';

/**
 * The blast's summary once it is done, or as it stands after `timeoutMs` (or once the process
 * starts to stop: the request is answered rather than holding the shutdown). The spec's form
 * waits for `sentCount`/`failedCount`; a long list is answered before the request would time out.
 */
export async function waitForBlast({
  db,
  blastId,
  timeoutMs,
  pollMs = 200,
  shutdown,
}: {
  db: Db;
  blastId: string;
  timeoutMs: number;
  pollMs?: number;
  shutdown?: AbortSignal;
}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const blast = await findBlastSummary(db, blastId);
    if (!blast) throw new Error(`blast ${blastId} vanished`);
    if (blast.status === 'done' || Date.now() >= deadline || shutdown?.aborted) return blast;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, deadline - Date.now())));
  }
}
