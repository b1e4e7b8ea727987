import { projectMessages } from '@studio/shared/messages/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

/** GET /api/admin/submissions/:id: every field, the files and the payment attempts. */
export async function getAdminSubmission(api: AdminApi, id: string) {
  return unwrap(api.admin.submissions[':id'].$get({ param: { id } }), projectMessages.loadFailed);
}

export type AdminSubmissionDetail = Awaited<ReturnType<typeof getAdminSubmission>>;
export type AdminSubmissionFile = AdminSubmissionDetail['files'][number];
export type AdminSubmissionPayment = AdminSubmissionDetail['payments'][number];

export const adminSubmissionQueryOptions = (api: AdminApi, id: string) =>
  queryOptions({
    queryKey: ['admin', 'submissions', 'detail', id],
    queryFn: () => getAdminSubmission(api, id),
    ...ADMIN_QUERY_DEFAULTS,
    // A missing submission stays missing.
    retry: (failures, error) =>
      failures < ADMIN_QUERY_DEFAULTS.retry &&
      !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function useAdminSubmission(id: string | null) {
  const api = useAdminApi();
  return useQuery({
    ...adminSubmissionQueryOptions(api, id ?? ''),
    enabled: id !== null,
  });
}
