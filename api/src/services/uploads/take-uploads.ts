import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projectUploads } from '../../db/schema/project-uploads.ts';

/**
 * Gives a draft's complete uploads to a submission, in the submission's transaction. Taken only
 * if still unused: a second submission of the same uploads, at the same time on any process,
 * finds them taken. Answers the ids it took.
 */
export async function takeUploads(
  tx: Tx,
  {
    draftId,
    uploadIds,
    submissionId,
  }: { draftId: string; uploadIds: string[]; submissionId: string },
): Promise<string[]> {
  const taken = await tx
    .update(projectUploads)
    .set({ submissionId })
    .where(
      and(
        eq(projectUploads.draftId, draftId),
        inArray(projectUploads.id, uploadIds),
        isNull(projectUploads.submissionId),
        isNotNull(projectUploads.completedAt),
      ),
    )
    .returning({ id: projectUploads.id });
  return taken.map((row) => row.id);
}
