import { uploadMessages } from '@studio/shared/messages/uploads';
import { draftTokenPattern } from '@studio/shared/schemas/project-uploads';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadDrafts } from '../../db/schema/project-uploads.ts';
import { ApiError } from '../../lib/api-error.ts';
import { draftTokenHash } from './create-upload-draft.ts';

/** The draft a token names; 403 for no token, a malformed one or one the server never issued. */
export async function findDraft({ db, token }: { db: Db; token: string | undefined }) {
  if (!token || !draftTokenPattern.test(token)) {
    throw new ApiError('FORBIDDEN', uploadMessages.draftUnknown);
  }
  const [draft] = await db
    .select({ id: uploadDrafts.id, purpose: uploadDrafts.purpose })
    .from(uploadDrafts)
    .where(eq(uploadDrafts.tokenHash, draftTokenHash(token)));
  if (!draft) throw new ApiError('FORBIDDEN', uploadMessages.draftUnknown);
  return draft;
}
