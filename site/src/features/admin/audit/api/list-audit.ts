import { customerMessages } from '@studio/shared/messages/customers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';

export const AUDIT_PAGE_SIZE = 50;

/** The Audit tab's filters; empty strings and nulls filter nothing. */
export interface AuditFilter {
  /** A person's id or 'system'. */
  actor: string | null;
  action: string | null;
  entityType: string | null;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
}

export const auditQueryRoot = ['admin', 'audit'] as const;

/** GET /api/admin/audit: one page, newest first, older than entry `before`. */
export async function listAudit(api: AdminApi, filter: AuditFilter, before: number | null) {
  return unwrap(
    api.admin.audit.$get({
      query: {
        ...(filter.actor ? { actor: filter.actor } : {}),
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.entityType ? { entityType: filter.entityType } : {}),
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        ...(before ? { before: String(before) } : {}),
        pageSize: String(AUDIT_PAGE_SIZE),
      },
    }),
    customerMessages.auditFetchFailed,
  );
}

export type AuditPage = Awaited<ReturnType<typeof listAudit>>;
export type AuditEntry = AuditPage['entries'][number];

export const auditQueryOptions = (api: AdminApi, filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...auditQueryRoot, 'list', filter],
    queryFn: ({ pageParam }) => listAudit(api, filter, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    ...ADMIN_QUERY_DEFAULTS,
  });

/** The entries, a page more with each `fetchNextPage()` ("Show older entries"). */
export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(useAdminApi(), filter));
}
