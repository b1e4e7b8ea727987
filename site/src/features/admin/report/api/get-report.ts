import { reportMessages } from '@studio/shared/messages/report';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import type { Period } from '../period';

/** GET /api/admin/report?from=&to=: the figures of the printable report (inclusive UTC days). */
export async function getReport(api: AdminApi, period: Period) {
  return unwrap(
    api.admin.report.$get({ query: { from: period.from, to: period.to } }),
    reportMessages.loadFailed,
  );
}

export type Report = Awaited<ReturnType<typeof getReport>>;

export const reportQueryOptions = (api: AdminApi, period: Period) =>
  queryOptions({
    queryKey: ['admin', 'report', period],
    queryFn: () => getReport(api, period),
    ...ADMIN_QUERY_DEFAULTS,
  });

/** The report of `period`, once one has been chosen. */
export function useReport(period: Period | null) {
  const api = useAdminApi();
  return useQuery({
    ...reportQueryOptions(api, period ?? { from: '', to: '' }),
    enabled: period !== null,
  });
}
