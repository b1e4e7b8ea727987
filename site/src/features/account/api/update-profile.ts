import { authMessages } from '@studio/shared/messages/auth';
import type { ProfileInput } from '@studio/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { useAuthStore } from '../../auth/auth-provider';
import { meQueryOptions } from './get-me';

/** PUT /api/auth/profile: names and phone; answers the account as saved. */
export async function updateProfile(input: ProfileInput) {
  const { user } = await unwrap(
    api.auth.profile.$put({ json: input }),
    authMessages.profileUpdateFailed,
  );
  return user;
}

/** Saves the profile, then shows the saved account everywhere: this page and the header. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const auth = useAuthStore();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      auth.updateUser(user);
      queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}
