import { authMessages } from '@studio/shared/messages/auth';
import type { ChangePasswordInput } from '@studio/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export const PASSWORD_CHANGE_FAILED = authMessages.passwordChangeFailed;

/**
 * PUT /api/auth/password. The server keeps this session and ends every other one; a wrong
 * current password is a 400 with its message.
 */
export async function changePassword(input: ChangePasswordInput) {
  return unwrap(api.auth.password.$put({ json: input }), PASSWORD_CHANGE_FAILED);
}

// Nothing cached changes: the account's data is the same, only its other sessions end.
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
