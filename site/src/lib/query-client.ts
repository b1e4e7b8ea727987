import { QueryClient } from '@tanstack/react-query';

/**
 * App-wide query defaults. Calls that the spec times differently (products and events cached
 * 5 minutes, admin lists polled every 15-30 s) set their own options in their query file.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // A failed payment or submission must never be sent twice behind the user's back.
        retry: false,
      },
    },
  });
}

/**
 * Query keys whose data belongs to the signed-in account. They are dropped whenever the account
 * changes (sign-in, sign-out, an expired session), so one person never sees another's data.
 */
export const PRIVATE_QUERY_ROOTS = ['auth', 'account', 'orders', 'projects', 'admin'] as const;

export function removePrivateQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) => (PRIVATE_QUERY_ROOTS as readonly unknown[]).includes(query.queryKey[0]),
  });
}
