import { roomMessages as m } from '@studio/shared/messages/project-room';
import { roomLimits } from '@studio/shared/project-room';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { signValue, verifySignedValue } from '../../lib/signed-token.ts';

/** What a room link is signed for (never valid as another link's token, nor back). */
const ROOM = 'project-room';
/** What a room file's URL is signed for: the client's, or the studio's (finals before payment). */
const ROOM_FILE = { client: 'project-room-file', studio: 'project-room-file-studio' } as const;
const LINK_SECONDS = roomLimits.linkDays * 24 * 60 * 60;
const FILE_SECONDS = roomLimits.fileUrlHours * 60 * 60;

/** A room link's proof: its expiry (seconds since 1970) and token. */
export interface RoomProof {
  expires: string;
  token: string;
}

/**
 * The client's room, signed so it opens without an account for 30 days (the link in every
 * project mail, decision 046): `${PUBLIC_URL}/projects/:id?expires=…&token=…`.
 */
export function roomUrl(
  env: Pick<Env, 'PUBLIC_URL'>,
  secret: string,
  submissionId: string,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + LINK_SECONDS;
  const token = signValue(secret, ROOM, `${submissionId}:${expires}`);
  return `${env.PUBLIC_URL}/projects/${submissionId}?${new URLSearchParams({ expires: String(expires), token })}`;
}

/**
 * Checks a room link's proof: 403 with "not valid" when it was not signed by us for this
 * project, "expired" past its day; the page offers a fresh link by e-mail for both.
 */
export function checkRoomProof(
  secret: string,
  submissionId: string,
  proof: RoomProof,
  now = Date.now(),
) {
  const { expires, token } = proof;
  if (
    !/^\d{1,12}$/.test(expires) ||
    !verifySignedValue(secret, ROOM, `${submissionId}:${expires}`, token)
  )
    throw new ApiError('FORBIDDEN', m.linkNotValid);
  if (Number(expires) * 1000 <= now) throw new ApiError('FORBIDDEN', m.linkExpired);
}

/**
 * The path a room file plays or downloads from, signed for a day (the player's `src`), for the
 * client or for the studio (whose URL opens a final before the project is paid).
 */
export function roomFileUrl(
  secret: string,
  submissionId: string,
  fileId: string,
  viewer: 'client' | 'studio',
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + FILE_SECONDS;
  const token = signValue(secret, ROOM_FILE[viewer], `${submissionId}:${fileId}:${expires}`);
  return `/api/projects/${submissionId}/room/files/${fileId}?${new URLSearchParams({ expires: String(expires), token })}`;
}

/**
 * Checks a room file URL (401 when forged or expired: the room hands out fresh ones); answers
 * whom it was signed for.
 */
export function checkRoomFileUrl(
  secret: string,
  submissionId: string,
  fileId: string,
  proof: RoomProof,
  now = Date.now(),
): 'client' | 'studio' {
  const { expires, token } = proof;
  if (/^\d{1,12}$/.test(expires) && Number(expires) * 1000 > now) {
    for (const viewer of ['client', 'studio'] as const)
      if (
        verifySignedValue(secret, ROOM_FILE[viewer], `${submissionId}:${fileId}:${expires}`, token)
      )
        return viewer;
  }
  throw new ApiError('UNAUTHORIZED', m.fileLinkExpired);
}
