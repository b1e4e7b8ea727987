import { roomMessages } from '@studio/shared/messages/project-room';
import type { RoomCommentInput } from '@studio/shared/schemas/project-room';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { useSetSubmissionRoom } from './get-submission-room';

/** POST /api/admin/submissions/:id/comments: the studio's answer in the thread (201). */
export async function postRoomComment(api: AdminApi, id: string, comment: RoomCommentInput) {
  return unwrap(
    api.admin.submissions[':id'].comments.$post({ param: { id }, json: comment }),
    roomMessages.commentFailed,
  );
}

export function usePostRoomComment() {
  const api = useAdminApi();
  const setRoom = useSetSubmissionRoom();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: RoomCommentInput }) =>
      postRoomComment(api, id, comment),
    onSuccess: (answer) => setRoom(answer.room),
  });
}
