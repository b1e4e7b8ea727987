import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import type { AdminSubmissionDetail } from './get-submission';

export const submissionRoomKey = (id: string) => ['admin', 'submissions', 'room', id] as const;

/**
 * GET /api/admin/submissions/:id/room: the project room as the studio sees it (decision 046):
 * the moves it may make now, and file URLs good for a day (finals open before payment too).
 */
export async function getSubmissionRoom(api: AdminApi, id: string): Promise<ProjectRoom> {
  const { room } = await unwrap(
    api.admin.submissions[':id'].room.$get({ param: { id } }),
    roomMessages.loadFailed,
  );
  return room;
}

export const submissionRoomQueryOptions = (api: AdminApi, id: string) =>
  queryOptions({
    queryKey: submissionRoomKey(id),
    queryFn: () => getSubmissionRoom(api, id),
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useSubmissionRoom(id: string) {
  return useQuery(submissionRoomQueryOptions(useAdminApi(), id));
}

/**
 * Puts the room a write answered in the cache, and its work status into the submission's
 * detail (the badge beside the payment's), without another request.
 */
export function useSetSubmissionRoom() {
  const queryClient = useQueryClient();
  return (room: ProjectRoom) => {
    queryClient.setQueryData(submissionRoomKey(room.id), room);
    queryClient.setQueryData<AdminSubmissionDetail>(
      ['admin', 'submissions', 'detail', room.id],
      (detail) =>
        detail && { ...detail, submission: { ...detail.submission, workStatus: room.workStatus } },
    );
  };
}
