import { storageMessages as m } from '@studio/shared/messages/storage';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { verifySignedValue } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import { DOWNLOAD_PURPOSE, downloadValue } from './create-download-link.ts';

/**
 * Checks a download link (create-download-link.ts) before any file is read: signed by us for
 * this file, submission, admin and expiry (else 403 "not valid"), the expiry ahead (else 403
 * "expired"), and the admin who asked still an admin (else 403 "not valid").
 */
export async function checkDownloadLink({
  db,
  secret,
  id,
  fileId,
  query,
  now = Date.now(),
}: {
  db: Db;
  secret: string;
  id: string;
  fileId: string;
  query: { expires: string; admin: string; token: string };
  now?: number;
}): Promise<void> {
  const { expires, admin, token } = query;
  if (!/^\d{1,12}$/.test(expires) || !isUuid(admin) || !isUuid(id) || !isUuid(fileId))
    throw new ApiError('FORBIDDEN', m.badDownloadLink);
  const at = Number(expires);
  if (!verifySignedValue(secret, DOWNLOAD_PURPOSE, downloadValue(id, fileId, admin, at), token))
    throw new ApiError('FORBIDDEN', m.badDownloadLink);
  if (at * 1000 <= now) throw new ApiError('FORBIDDEN', m.downloadLinkExpired);
  const [still] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, admin), eq(users.role, 'admin')));
  if (!still) throw new ApiError('FORBIDDEN', m.badDownloadLink);
}
