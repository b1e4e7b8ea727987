import { customerMessages } from '@studio/shared/messages/customers';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import { auditQueryRoot } from './list-audit';

/** GET /api/admin/audit/filters: the people, object types and actions present in the log. */
export function useAuditFilters() {
  const api = useAdminApi();
  return useQuery({
    queryKey: [...auditQueryRoot, 'filters'],
    queryFn: () => unwrap(api.admin.audit.filters.$get(), customerMessages.auditFetchFailed),
    ...ADMIN_QUERY_DEFAULTS,
  });
}
