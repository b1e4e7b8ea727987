import { customerMessages } from '@studio/shared/messages/customers';
import type { UserRole } from '@studio/shared/schemas/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { customersQueryRoot } from './list-customers';

/** PUT /api/admin/customers/:id/role */
export async function changeRole(api: AdminApi, id: string, role: UserRole) {
  return unwrap(
    api.admin.customers[':id'].role.$put({ param: { id }, json: { role } }),
    customerMessages.roleChangeFailed,
  );
}

/** Changes a role; the customers' lists and pages, the audit trail and the stats follow. */
export function useChangeRole() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: UserRole }) => changeRole(api, id, role),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersQueryRoot }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}
