import { blastMessages } from '@studio/shared/messages/blasts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { blastKeys } from './blast-keys';

export const BLAST_PAGE_SIZE = 10;

/** GET /api/admin/email-blasts: the history, newest first, each blast with its counts. */
export function listBlasts(api: AdminApi, page: number) {
  return unwrap(
    api.admin['email-blasts'].$get({
      query: { page: String(page), pageSize: String(BLAST_PAGE_SIZE) },
    }),
    blastMessages.historyFailed,
  );
}

export type BlastSummary = Awaited<ReturnType<typeof listBlasts>>['blasts'][number];

/** The history; followed every 3 s while a blast on the page is still being sent. */
export function useBlasts(page: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: blastKeys.list(page),
    queryFn: () => listBlasts(api, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.blasts.some((b) => b.status !== 'done') ? 3000 : false,
    ...ADMIN_QUERY_DEFAULTS,
  });
}
