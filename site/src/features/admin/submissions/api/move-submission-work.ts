import { roomMessages } from '@studio/shared/messages/project-room';
import type { StudioMoveInput } from '@studio/shared/schemas/project-room';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { useSetSubmissionRoom } from './get-submission-room';

/** POST /api/admin/submissions/:id/work: the studio moves the work (409 when it may not now). */
export async function moveSubmissionWork(api: AdminApi, id: string, move: StudioMoveInput) {
  return unwrap(
    api.admin.submissions[':id'].work.$post({ param: { id }, json: move }),
    roomMessages.moveFailed,
  );
}

export function useMoveSubmissionWork() {
  const api = useAdminApi();
  const setRoom = useSetSubmissionRoom();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: StudioMoveInput }) =>
      moveSubmissionWork(api, id, move),
    onSuccess: (answer) => setRoom(answer.room),
  });
}
