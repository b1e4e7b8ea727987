import { roomMessages } from '@studio/shared/messages/project-room';
import type { RoomCommentInput } from '@studio/shared/schemas/project-room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import type { RoomProof } from '../room-link';
import { projectRoomKey, proofQuery } from './get-project-room';

/** POST /api/projects/:id/room/comments: a general comment, or one pinned to a time in a file. */
export async function postRoomComment(id: string, proof: RoomProof, input: RoomCommentInput) {
  return unwrap(
    api.projects[':id'].room.comments.$post({
      param: { id },
      query: proofQuery(proof),
      json: input,
    }),
    roomMessages.commentFailed,
  );
}

/** Posts and shows the thread as the server now has it (the studio's replies included). */
export function usePostRoomComment(id: string, proof: RoomProof) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomCommentInput) => postRoomComment(id, proof, input),
    onSuccess: ({ room }) => queryClient.setQueryData(projectRoomKey(id), room),
  });
}
