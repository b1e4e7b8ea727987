import { blastMessages as m } from '@studio/shared/messages/blasts';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { blastKeys } from './blast-keys';

/** GET /api/admin/email-blasts/:id: the blast, its counts and every recipient's outcome. */
export function getBlast(api: AdminApi, id: string) {
  return unwrap(api.admin['email-blasts'][':id'].$get({ param: { id } }), m.blastNotFound);
}

export type BlastProgress = Awaited<ReturnType<typeof getBlast>>;
export type BlastRecipient = BlastProgress['recipients'][number];

/** One blast, followed every 2 s while it is still being sent. */
export function useBlast(id: string | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: blastKeys.detail(id ?? ''),
    queryFn: () => getBlast(api, id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.blast.status === 'done' ? false : 2000),
    ...ADMIN_QUERY_DEFAULTS,
  });
}
