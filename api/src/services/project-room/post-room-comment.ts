import { roomMessages as m } from '@studio/shared/messages/project-room';
import { roomLimits, type WorkActor } from '@studio/shared/project-room';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectComments, projectVersionFiles } from '../../db/schema/project-room.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { RoomSubmission } from './find-room.ts';

const WINDOW_MS = 10 * 60 * 1000;

/**
 * A comment in the room's thread (decision 046): plain text (the pages show it as text), general
 * or pinned to a second of one of the project's shared files. A client may post 20 per 10
 * minutes on a project (429 past that), counted under the project's lock so parallel posts
 * cannot pass it; the studio is not limited. A cancelled project takes no more comments.
 */
export async function postRoomComment({
  db,
  submission,
  author,
  authorId,
  input,
  now = new Date(),
}: {
  db: Db;
  submission: RoomSubmission;
  author: WorkActor;
  authorId: string | null;
  input: { body: string; fileId?: string | undefined; atSeconds?: number | undefined };
  now?: Date;
}) {
  if (submission.workStatus === 'cancelled') throw new ApiError('CONFLICT', m.cancelledProject);
  return db.transaction(async (tx) => {
    if (input.fileId) {
      const [file] = await tx
        .select({ id: projectVersionFiles.id })
        .from(projectVersionFiles)
        .where(
          and(
            eq(projectVersionFiles.id, input.fileId),
            eq(projectVersionFiles.submissionId, submission.id),
          ),
        );
      if (!file) throw new ApiError('NOT_FOUND', m.fileNotFound);
    }
    if (author === 'client') {
      await tx
        .select({ id: projectSubmissions.id })
        .from(projectSubmissions)
        .where(eq(projectSubmissions.id, submission.id))
        .for('update');
      const [recent] = await tx
        .select({ n: count() })
        .from(projectComments)
        .where(
          and(
            eq(projectComments.submissionId, submission.id),
            eq(projectComments.author, 'client'),
            gt(projectComments.createdAt, new Date(now.getTime() - WINDOW_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= roomLimits.commentsPer10Minutes)
        throw new ApiError('RATE_LIMITED', m.tooManyComments);
    }
    const [comment] = await tx
      .insert(projectComments)
      .values({
        submissionId: submission.id,
        author,
        authorId,
        fileId: input.fileId ?? null,
        atSeconds: input.fileId ? (input.atSeconds ?? null) : null,
        body: input.body,
        createdAt: now,
      })
      .returning();
    return comment;
  });
}
