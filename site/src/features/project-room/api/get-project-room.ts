import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError, unwrap } from '../../../lib/api-error';
import type { RoomProof } from '../room-link';

/** The query of a room call: the link's proof, when there is one. */
export function proofQuery(proof: RoomProof): { expires?: string; token?: string } {
  return proof.expires && proof.token ? { expires: proof.expires, token: proof.token } : {};
}

/**
 * GET /api/projects/:id/room: the client's room, by the link's proof or the signed-in account.
 * 401 (neither), 403 (a link not valid or expired) and 404 are the error view's to explain.
 */
export async function getProjectRoom(id: string, proof: RoomProof): Promise<ProjectRoom> {
  const { room } = await unwrap(
    api.projects[':id'].room.$get({ param: { id }, query: proofQuery(proof) }),
    roomMessages.loadFailed,
  );
  return room;
}

// Under 'projects' so a room opened by an account is dropped when the account changes.
export const projectRoomKey = (id: string) => ['projects', 'room', id] as const;

export const projectRoomQueryOptions = (id: string, proof: RoomProof) =>
  queryOptions({
    queryKey: projectRoomKey(id),
    queryFn: () => getProjectRoom(id, proof),
    // A refused link stays refused; only a failed connection or a 5xx is worth a second try.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useProjectRoom(id: string, proof: RoomProof) {
  return useSuspenseQuery(projectRoomQueryOptions(id, proof)).data;
}

/** Why the room did not open, for the error view. */
export function roomRefusal(error: unknown): 'not-found' | 'link' | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 404) return 'not-found';
  return error.status === 401 || error.status === 403 ? 'link' : undefined;
}
