import { projectMessages } from '@studio/shared/messages/projects';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const ADMIN_SUBMISSIONS_PAGE_SIZE = 20;

export type PaymentState = 'unpaid' | 'pending' | 'paid' | 'refunded';

export interface AdminSubmissionsFilter {
  q: string;
  paymentState: PaymentState | null;
  page: number;
}

/** GET /api/admin/submissions: project submissions, newest first, with their file counts. */
export async function listAdminSubmissions(api: AdminApi, filter: AdminSubmissionsFilter) {
  return unwrap(
    api.admin.submissions.$get({
      query: {
        ...(filter.q ? { q: filter.q } : {}),
        ...(filter.paymentState ? { paymentState: filter.paymentState } : {}),
        page: String(filter.page),
        pageSize: String(ADMIN_SUBMISSIONS_PAGE_SIZE),
      },
    }),
    projectMessages.listFailed,
  );
}

export type AdminSubmissionsPage = Awaited<ReturnType<typeof listAdminSubmissions>>;
export type AdminSubmissionSummary = AdminSubmissionsPage['submissions'][number];

export const adminSubmissionsQueryOptions = (api: AdminApi, filter: AdminSubmissionsFilter) =>
  queryOptions({
    queryKey: ['admin', 'submissions', 'list', filter],
    queryFn: () => listAdminSubmissions(api, filter),
    placeholderData: keepPreviousData,
    ...ADMIN_QUERY_DEFAULTS,
  });

export function useAdminSubmissions(filter: AdminSubmissionsFilter) {
  return useQuery(adminSubmissionsQueryOptions(useAdminApi(), filter));
}
