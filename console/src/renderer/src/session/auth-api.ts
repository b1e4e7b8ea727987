import { createClient } from '@studio/api/client';
import { authMessages } from '@studio/shared/messages/auth';
import type { AuthResponse, PublicUser } from '@studio/shared/schemas/auth';
import { readApiError } from '@studio/site/admin';

/**
 * The renderer calls the API on its own origin: app://console/api/* is forwarded by the main
 * process to the server chosen at sign-in (src/main/app-handler.ts).
 */
export const consoleApiBase = (): string => window.location.origin;

export const NOT_ADMIN =
  'This account is not an admin. The console is for staff with an admin account; customers ' +
  'sign in on the website.';

/** Signs in; refuses an account without the admin role (and ends the session it just made). */
export async function signIn(credentials: { email: string; password: string }) {
  const api = createClient(consoleApiBase());
  let res: Awaited<ReturnType<typeof api.auth.login.$post>>;
  try {
    res = await api.auth.login.$post({ json: credentials });
  } catch {
    throw new Error('The console could not make the call. Please try again.');
  }
  if (!res.ok) throw await readApiError(res, authMessages.loginFailed);
  const { token, user } = (await res.json()) as AuthResponse;
  if (user.role !== 'admin') {
    await signOutOnServer(token);
    throw new Error(NOT_ADMIN);
  }
  return { token, user };
}

export type RestoreResult =
  | { kind: 'valid'; user: PublicUser }
  | { kind: 'expired' }
  | { kind: 'unreachable'; message: string };

/** Checks a kept token at start: still valid, ended (401, or no longer an admin), or no answer. */
export async function restoreSession(token: string): Promise<RestoreResult> {
  const api = createClient(consoleApiBase(), { getToken: () => token });
  try {
    const res = await api.auth.me.$get();
    // requireAdmin's 401 is not in the route's type, but it is answered.
    if ((res.status as number) === 401) return { kind: 'expired' };
    if (!res.ok) {
      const { message } = await readApiError(res, 'The server did not answer as expected.');
      return { kind: 'unreachable', message };
    }
    const { user } = (await res.json()) as { user: PublicUser };
    return user.role === 'admin' ? { kind: 'valid', user } : { kind: 'expired' };
  } catch {
    return { kind: 'unreachable', message: 'The console could not make the call.' };
  }
}

/** Ends the session on the server too; best effort, as signing out here must never fail. */
export async function signOutOnServer(token: string): Promise<void> {
  const api = createClient(consoleApiBase(), { getToken: () => token });
  try {
    await api.auth.logout.$post();
  } catch {
    // The server is unreachable: the token is forgotten here anyway and expires there.
  }
}
