import { roomMessages as m } from '@studio/shared/messages/project-room';
import { canMoveWork, type WorkActor, type WorkStatus } from '@studio/shared/project-room';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { submissionWorkHistory } from '../../db/schema/project-room.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { recordAudit } from '../audit/record-audit.ts';

export interface WorkMove {
  /** The history row: the move's id, which names its mail (sent once). */
  moveId: string;
  from: WorkStatus | null;
  to: WorkStatus;
}

/**
 * The only code that changes a submission's work status (issue 26, decision 046): inside the
 * caller's transaction it locks the submission, checks the move against `workMoves` for this
 * actor (409 naming both statuses), and writes the status, its history row (actor, account,
 * note) and the audit row. The caller queues the client's mail in the same transaction, keyed by
 * the move's id, so a move mails exactly once. `opened` records a new submission's first
 * status (received) without a move.
 */
export async function moveWork(
  tx: Tx,
  {
    submissionId,
    to,
    actor,
    actorId = null,
    note = null,
    opened = false,
  }: {
    submissionId: string;
    to: WorkStatus;
    actor: WorkActor;
    actorId?: string | null;
    note?: string | null;
    opened?: boolean;
  },
): Promise<WorkMove> {
  const [submission] = await tx
    .select({ workStatus: projectSubmissions.workStatus })
    .from(projectSubmissions)
    .where(eq(projectSubmissions.id, submissionId))
    .for('update');
  if (!submission) throw new ApiError('NOT_FOUND', m.notFound);
  const from = submission.workStatus;
  if (opened) {
    const [row] = await tx
      .insert(submissionWorkHistory)
      .values({ submissionId, status: from, actor, changedBy: actorId })
      .returning({ id: submissionWorkHistory.id });
    return { moveId: row?.id ?? '', from: null, to: from };
  }
  if (!canMoveWork(from, to, actor)) throw new ApiError('CONFLICT', m.moveNotAllowed(from, to));
  await tx
    .update(projectSubmissions)
    .set({ workStatus: to, updatedAt: new Date() })
    .where(eq(projectSubmissions.id, submissionId));
  const [row] = await tx
    .insert(submissionWorkHistory)
    .values({ submissionId, status: to, actor, changedBy: actorId, note })
    .returning({ id: submissionWorkHistory.id });
  await recordAudit({
    db: tx,
    actorId,
    action: 'submission.work_status',
    entityType: 'submission',
    entityId: submissionId,
    detail: { from, to, actor, ...(note ? { note } : {}) },
  });
  return { moveId: row?.id ?? '', from, to };
}
