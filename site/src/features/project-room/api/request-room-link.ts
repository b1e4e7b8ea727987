import { roomMessages } from '@studio/shared/messages/project-room';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/**
 * POST /api/projects/:id/room-link: a fresh link mailed to the address that submitted the
 * project. The answer is the same whether or not the address matched.
 */
export async function requestRoomLink(id: string, email: string) {
  return unwrap(
    api.projects[':id']['room-link'].$post({ param: { id }, json: { email } }),
    roomMessages.linkRequestFailed,
  );
}

export function useRequestRoomLink(id: string) {
  return useMutation({ mutationFn: (email: string) => requestRoomLink(id, email) });
}
