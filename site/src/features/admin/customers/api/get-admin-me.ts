import { authMessages } from '@studio/shared/messages/auth';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';

/** GET /api/auth/me on the dashboard's session: who is signed in (to warn before self-demotion). */
export function useAdminMe() {
  const api = useAdminApi();
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: async () => (await unwrap(api.auth.me.$get(), authMessages.sessionExpired)).user,
    staleTime: Number.POSITIVE_INFINITY,
    ...ADMIN_QUERY_DEFAULTS,
  });
}
