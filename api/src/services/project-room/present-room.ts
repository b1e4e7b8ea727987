import { type WorkActor, workMovesFrom } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  projectComments,
  projectVersionFiles,
  projectVersions,
  submissionWorkHistory,
} from '../../db/schema/project-room.ts';
import { submissionFiles } from '../../db/schema/project-submissions.ts';
import { users } from '../../db/schema/users.ts';
import type { Env } from '../../env.ts';
import { payUrl } from '../submissions/pay-url.ts';
import type { RoomSubmission } from './find-room.ts';
import { roomFileUrl } from './room-url.ts';

/** Finals may be downloaded once the project is paid (not before, nor after a refund). */
export const finalsReleased = (s: Pick<RoomSubmission, 'paymentState'>) =>
  s.paymentState === 'paid';

/**
 * What the room shows (decision 046), to the client or the studio (`viewer`): the status
 * timeline with who moved it, the client's uploads, each shared version with a day-long URL per
 * file (a final's only once paid), the thread, and the moves the viewer may make now. The studio
 * puts a project in review by sharing a version, not by a move.
 */
export async function presentRoom({
  db,
  env,
  secret,
  submission: s,
  viewer,
  now = Date.now(),
}: {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL'>;
  secret: string;
  submission: RoomSubmission;
  viewer: WorkActor;
  now?: number;
}): Promise<ProjectRoom> {
  const [history, uploads, versions, files, comments] = await Promise.all([
    db
      .select({
        status: submissionWorkHistory.status,
        actor: submissionWorkHistory.actor,
        note: submissionWorkHistory.note,
        at: submissionWorkHistory.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(submissionWorkHistory)
      .leftJoin(users, eq(users.id, submissionWorkHistory.changedBy))
      .where(eq(submissionWorkHistory.submissionId, s.id))
      .orderBy(asc(submissionWorkHistory.createdAt)),
    db
      .select({
        id: submissionFiles.id,
        name: submissionFiles.originalName,
        sizeBytes: submissionFiles.sizeBytes,
      })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, s.id))
      .orderBy(asc(submissionFiles.createdAt)),
    db
      .select()
      .from(projectVersions)
      .where(eq(projectVersions.submissionId, s.id))
      .orderBy(asc(projectVersions.number)),
    db
      .select()
      .from(projectVersionFiles)
      .where(eq(projectVersionFiles.submissionId, s.id))
      .orderBy(asc(projectVersionFiles.createdAt)),
    db
      .select({
        comment: projectComments,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(projectComments)
      .leftJoin(users, eq(users.id, projectComments.authorId))
      .where(eq(projectComments.submissionId, s.id))
      .orderBy(asc(projectComments.createdAt)),
  ]);
  const released = finalsReleased(s);
  const hasFinal = files.some((f) => f.kind === 'final');
  const moves = workMovesFrom(s.workStatus, viewer).filter(
    (to) => !(viewer === 'studio' && to === 'in_review') && !(to === 'delivered' && !hasFinal),
  );
  const studioName = (first: string | null, last: string | null) =>
    first ? `${first} ${last ?? ''}`.trim() : 'Studio';
  return {
    id: s.id,
    name: s.name,
    serviceName: s.serviceTitle,
    priceCents: s.checkoutPriceCents ?? 0,
    paymentState: s.paymentState,
    workStatus: s.workStatus,
    moves,
    timeline: history.map((h) => ({
      status: h.status,
      actor: h.actor,
      actorName: h.actor === 'studio' ? studioName(h.firstName, h.lastName) : null,
      note: h.note,
      at: h.at.toISOString(),
    })),
    uploads,
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      note: v.note,
      createdAt: v.createdAt.toISOString(),
      files: files
        .filter((f) => f.versionId === v.id)
        .map((f) => ({
          id: f.id,
          kind: f.kind,
          name: f.name,
          contentType: f.contentType,
          sizeBytes: f.sizeBytes,
          sha256: f.sha256,
          url:
            f.kind === 'final' && !released && viewer === 'client'
              ? null
              : roomFileUrl(secret, s.id, f.id, viewer, now),
        })),
    })),
    comments: comments.map(({ comment: c, firstName, lastName }) => ({
      id: c.id,
      author: c.author,
      authorName: c.author === 'client' ? s.name : studioName(firstName, lastName),
      fileId: c.fileId,
      atSeconds: c.atSeconds,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    })),
    finalsReleased: released,
    payUrl:
      s.checkoutPriceCents !== null && (s.paymentState === 'unpaid' || s.paymentState === 'pending')
        ? payUrl(env, s.id)
        : null,
    createdAt: s.createdAt.toISOString(),
  };
}
