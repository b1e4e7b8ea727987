import { downloadMessages } from '@studio/shared/messages/downloads';
import { projectMessages } from '@studio/shared/messages/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectUploads, uploadDrafts } from '../../db/schema/project-uploads.ts';
import { nameForType } from '../../lib/file-names.ts';
import type { TusRefusal } from './checked-upload-store.ts';
import { productFileTypes, projectFileTypes } from './project-file-types.ts';
import type { Sniffed } from './sniff.ts';

/**
 * An upload's first bytes judged (decision 030): a type its draft takes (a project's, or a
 * digital product's) is recorded with the name made to fit it; any other is refused with 415,
 * which the tus server answers.
 */
export async function judgeUploadContent({
  db,
  id,
  sniffed,
}: {
  db: Db;
  id: string;
  sniffed: Sniffed | null;
}) {
  const [row] = await db
    .select({ name: projectUploads.originalName, purpose: uploadDrafts.purpose })
    .from(projectUploads)
    .innerJoin(uploadDrafts, eq(uploadDrafts.id, projectUploads.draftId))
    .where(eq(projectUploads.id, id));
  const name = row?.name ?? 'file';
  // An admin's files (a digital product's, a project version's) may be of more types.
  const forProduct = row?.purpose === 'product-file' || row?.purpose === 'project-version';
  const allowed = forProduct ? productFileTypes : projectFileTypes;
  if (!sniffed || !allowed.has(sniffed.mime)) {
    const refusal: TusRefusal = {
      status_code: 415,
      body: JSON.stringify({
        message: forProduct
          ? downloadMessages.fileTypeRefused(name)
          : projectMessages.fileTypeRefused(name),
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    };
    throw refusal;
  }
  await db
    .update(projectUploads)
    .set({ contentType: sniffed.mime, originalName: nameForType(name, sniffed.ext) })
    .where(eq(projectUploads.id, id));
}
