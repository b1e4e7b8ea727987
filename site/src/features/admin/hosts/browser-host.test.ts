import { customerMessages } from '@studio/shared/messages/customers';
import { describe, expect, it, vi } from 'vitest';
import type { AuthStore } from '../../auth/auth-store';
import { browserHost } from './browser-host';

/** The parts of the site's auth store the host uses, with its token and sign-in notice. */
function fakeAuth() {
  const state = { token: 'tok' as string | null, error: null as string | null, user: null };
  const auth = {
    getState: () => state,
    logout: vi.fn(async (notice?: string) => {
      state.token = null;
      state.error = notice ?? null;
    }),
    expire: vi.fn(() => {
      state.token = null;
      state.error = 'Your session has expired. Please sign in again.';
    }),
  };
  return { auth, state, store: auth as unknown as AuthStore };
}

describe('browserHost: the role lost, and late 401s', () => {
  it('signs out once with the reason, however many calls were refused, and a late 401 keeps it', async () => {
    const { auth, state, store } = fakeAuth();
    const onLoggedOut = vi.fn();
    const host = browserHost({ auth: store, onLoggedOut });
    host.adminRoleLost();
    host.adminRoleLost();
    // A call that was in flight comes back 401 once the session ended on the server.
    host.sessionExpired();
    await vi.waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
    host.sessionExpired();
    expect(auth.logout).toHaveBeenCalledTimes(1);
    expect(auth.logout).toHaveBeenCalledWith(customerMessages.adminRevoked);
    expect(auth.expire).not.toHaveBeenCalled();
    expect(state.error).toBe(customerMessages.adminRevoked);
  });

  it('a 401 while signed in expires the session once', () => {
    const { auth, store } = fakeAuth();
    const host = browserHost({ auth: store, onLoggedOut: vi.fn() });
    host.sessionExpired();
    host.sessionExpired();
    expect(auth.expire).toHaveBeenCalledTimes(1);
  });
});
