import { authMessages } from '@studio/shared/messages/auth';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/auth/me: the signed-in account as the server has it now. */
export async function getMe() {
  const { user } = await unwrap(api.auth.me.$get(), authMessages.sessionExpired);
  return user;
}

// Under 'account' so it is dropped when the account changes (PRIVATE_QUERY_ROOTS).
export const meQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'me'], queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  return useSuspenseQuery(meQueryOptions()).data;
}
