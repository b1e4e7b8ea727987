import { roomMessages } from '@studio/shared/messages/project-room';
import type { ClientMoveInput } from '@studio/shared/schemas/project-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import type { RoomProof } from '../room-link';
import { projectRoomKey, proofQuery } from './get-project-room';

/** POST /api/projects/:id/room/moves: "Request changes" (with notes) or "Approve". */
export async function moveProject(id: string, proof: RoomProof, input: ClientMoveInput) {
  return unwrap(
    api.projects[':id'].room.moves.$post({ param: { id }, query: proofQuery(proof), json: input }),
    roomMessages.moveFailed,
  );
}

/** Moves the work and shows the room as the server now has it; the caller shows the message. */
export function useMoveProject(id: string, proof: RoomProof) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientMoveInput) => moveProject(id, proof, input),
    onSuccess: async ({ room }) => {
      queryClient.setQueryData(projectRoomKey(id), room);
      // The work status shows on /orders too.
      await queryClient.invalidateQueries({ queryKey: ['projects', 'mine'] });
    },
  });
}
