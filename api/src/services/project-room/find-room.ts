import { roomMessages as m } from '@studio/shared/messages/project-room';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectSubmissions } from '../../db/schema/project-submissions.ts';
import { services } from '../../db/schema/services.ts';
import type { User } from '../../db/schema/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { checkRoomProof, type RoomProof } from './room-url.ts';

export type RoomSubmission = typeof projectSubmissions.$inferSelect & {
  serviceTitle: string;
  checkoutPriceCents: number | null;
};

/** A submission with its service's title and payment price; 404 when there is none. */
export async function findRoomSubmission(db: Db, id: string): Promise<RoomSubmission> {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', m.notFound);
  const [row] = await db
    .select({
      submission: projectSubmissions,
      serviceTitle: services.title,
      checkoutPriceCents: services.checkoutPriceCents,
    })
    .from(projectSubmissions)
    .innerJoin(services, eq(services.id, projectSubmissions.serviceId))
    .where(eq(projectSubmissions.id, id));
  if (!row) throw new ApiError('NOT_FOUND', m.notFound);
  return {
    ...row.submission,
    serviceTitle: row.serviceTitle,
    checkoutPriceCents: row.checkoutPriceCents,
  };
}

/** Whether the signed-in account is the client: it submitted the project, or has its address. */
const isClient = (user: User, s: RoomSubmission) =>
  s.userId === user.id || user.email.toLowerCase() === s.email.toLowerCase();

/**
 * The client's room, opened by the account that submitted it (or one with the address it was
 * submitted with) or by the signed link of a project mail (decision 046). Refusals: a made-up id,
 * or a stranger's project to a signed-in account, 404 (as if it did not exist); a tampered or
 * expired link 403 (the page offers a fresh one by e-mail); nobody signed in and no link 401.
 */
export async function findRoom({
  db,
  secret,
  id,
  user,
  proof,
  now = Date.now(),
}: {
  db: Db;
  secret: string;
  id: string;
  user: User | null;
  proof: Partial<RoomProof>;
  now?: number;
}): Promise<{ submission: RoomSubmission; clientId: string | null }> {
  const submission = await findRoomSubmission(db, id);
  if (user && isClient(user, submission)) return { submission, clientId: user.id };
  if (proof.token || proof.expires) {
    checkRoomProof(
      secret,
      submission.id,
      { expires: proof.expires ?? '', token: proof.token ?? '' },
      now,
    );
    return { submission, clientId: user && isClient(user, submission) ? user.id : null };
  }
  if (user) throw new ApiError('NOT_FOUND', m.notFound);
  throw new ApiError('UNAUTHORIZED', m.signInOrLink);
}
