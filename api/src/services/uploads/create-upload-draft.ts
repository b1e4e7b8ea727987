import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { type UploadPurpose, uploadDrafts } from '../../db/schema/project-uploads.ts';

/** The key a draft is found by: its token is never stored. */
export const draftTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new draft for a visitor's project (decision 030): a random token, which the site keeps and
 * sends with every upload and with the submission.
 */
export async function createUploadDraft({
  db,
  purpose = 'project',
}: {
  db: Db;
  /** `product-file`: an admin's files for digital products (the route checks the admin). */
  purpose?: UploadPurpose;
}) {
  const draftToken = randomBytes(32).toString('base64url');
  await db.insert(uploadDrafts).values({ tokenHash: draftTokenHash(draftToken), purpose });
  return { draftToken };
}
