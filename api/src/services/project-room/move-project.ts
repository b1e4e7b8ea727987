import { roomMessages as m } from '@studio/shared/messages/project-room';
import type { WorkActor, WorkStatus } from '@studio/shared/project-room';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projectVersionFiles } from '../../db/schema/project-room.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queueMail } from '../mail/queue-mail.ts';
import { projectUpdate } from '../mail/templates/project-update.ts';
import { payUrl } from '../submissions/pay-url.ts';
import type { RoomSubmission } from './find-room.ts';
import { moveWork } from './move-work.ts';
import { roomUrl } from './room-url.ts';

export type RoomEnv = Pick<Env, 'PUBLIC_URL'>;

/**
 * Queues the client's mail about where their project stands, in the caller's transaction, named
 * by `subjectId` (a move's id, a version's id): queued once, however often the step is retried.
 */
export async function mailProjectUpdate(
  tx: Tx,
  {
    env,
    secret,
    submission: s,
    subjectId,
    status,
    byClient,
    note,
  }: {
    env: RoomEnv;
    secret: string;
    submission: RoomSubmission;
    subjectId: string;
    status: WorkStatus;
    byClient: boolean;
    note: string | null;
  },
) {
  const unpaid = s.paymentState !== 'paid' && s.paymentState !== 'refunded';
  await queueMail(tx, {
    purpose: 'project-update',
    subjectId,
    message: projectUpdate({
      to: s.email,
      name: s.name,
      serviceTitle: s.serviceTitle,
      status,
      byClient,
      note,
      roomUrl: roomUrl(env, secret, s.id),
      payUrl: unpaid && s.checkoutPriceCents !== null ? payUrl(env, s.id) : null,
    }),
  });
}

/**
 * A move of the work by the studio or the client (decision 046), with the client's mail, in one
 * transaction: the move (move-work.ts checks it is allowed to this actor) and the mail keyed by
 * the move's id commit together or not at all. Delivered needs a shared final file; the studio
 * puts a project in review by sharing a version (share-version.ts), not by this.
 */
export async function moveProject({
  db,
  env,
  secret,
  submission,
  to,
  actor,
  actorId,
  note = null,
}: {
  db: Db;
  env: RoomEnv;
  secret: string;
  submission: RoomSubmission;
  to: WorkStatus;
  actor: WorkActor;
  actorId: string | null;
  note?: string | null;
}) {
  if (actor === 'studio' && to === 'in_review')
    throw new ApiError('CONFLICT', m.moveNotAllowed(submission.workStatus, to));
  return db.transaction(async (tx) => {
    if (to === 'delivered') {
      const [final] = await tx
        .select({ id: projectVersionFiles.id })
        .from(projectVersionFiles)
        .where(
          and(
            eq(projectVersionFiles.submissionId, submission.id),
            eq(projectVersionFiles.kind, 'final'),
          ),
        )
        .limit(1);
      if (!final) throw new ApiError('CONFLICT', m.finalsNotShared);
    }
    const move = await moveWork(tx, { submissionId: submission.id, to, actor, actorId, note });
    await mailProjectUpdate(tx, {
      env,
      secret,
      submission,
      subjectId: move.moveId,
      status: to,
      byClient: actor === 'client',
      note,
    });
    return move;
  });
}
