import { authMessages } from '@studio/shared/messages/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** POST /api/auth/logout-all: ends every session of the account, this one included. */
export async function logoutAll() {
  return unwrap(api.auth['logout-all'].$post(), authMessages.signOutEverywhereTryAgain);
}

/** The local session is cleared by the caller (the auth store), which also drops private data. */
export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll });
}
