import { downloadLimits } from '@studio/shared/downloads';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signValue, verifySignedValue } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { BusinessEnv } from '../invoices/business-details.ts';
import { checkOrderFileAccess } from './open-order-file.ts';

/** What an order file's link is signed for (never valid as another link's token, nor back). */
const PURPOSE = 'order-file-download';
const LINK_SECONDS = downloadLimits.linkHours * 60 * 60;

const signed = (userId: string, orderId: string, fileId: string, expires: number) =>
  `${userId}:${orderId}:${fileId}:${expires}`;

/** The path a customer's file downloads from (with a bearer token, or signed below). */
export const orderFilePath = (orderId: string, fileId: string) =>
  `/api/orders/${orderId}/files/${fileId}`;

/**
 * A link to one file of the customer's own order that the browser follows without the bearer
 * token, so it saves the file natively, with its own progress and resume (decision 045). It works
 * for a day; the grant is checked, and the download counted, on every request of it. A file
 * that could not be downloaded now gets no link, but the refusal (checkOrderFileAccess).
 */
export async function createOrderFileLink({
  db,
  env,
  secret,
  userId,
  orderId,
  fileId,
  now = Date.now(),
}: {
  db: Db;
  env: BusinessEnv;
  secret: string;
  userId: string;
  orderId: string;
  fileId: string;
  now?: number;
}): Promise<{ url: string; expiresAt: string }> {
  await checkOrderFileAccess({ db, env, userId, orderId, fileId, now: new Date(now) });
  const expires = Math.floor(now / 1000) + LINK_SECONDS;
  const params = new URLSearchParams({
    expires: String(expires),
    token: signValue(secret, PURPOSE, signed(userId, orderId, fileId, expires)),
  });
  return {
    url: `${orderFilePath(orderId, fileId)}?${params}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The customer a link was made for: the order's owner, if the link was signed for them, this
 * order and file and has not expired (else 401, saying to open the order again).
 */
export async function checkOrderFileLink({
  db,
  secret,
  orderId,
  fileId,
  expires,
  token,
  now = Date.now(),
}: {
  db: Db;
  secret: string;
  orderId: string;
  fileId: string;
  expires: string;
  token: string;
  now?: number;
}): Promise<string> {
  if (!/^\d{1,12}$/.test(expires) || !isUuid(orderId) || !isUuid(fileId) || token.length > 100)
    throw new ApiError('UNAUTHORIZED', m.linkNotValid);
  const [order] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const at = Number(expires);
  if (
    !order ||
    !verifySignedValue(secret, PURPOSE, signed(order.userId, orderId, fileId, at), token)
  )
    throw new ApiError('UNAUTHORIZED', m.linkNotValid);
  if (at * 1000 <= now) throw new ApiError('UNAUTHORIZED', m.linkExpired);
  return order.userId;
}
