import { authMessages } from '@studio/shared/messages/auth';
import type {
  AuthResponse,
  LoginInput,
  PublicUser,
  RegisterInput,
} from '@studio/shared/schemas/auth';
import {
  api,
  SESSION_RESTORE_HEADER,
  setUnauthorizedHandler,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '../../lib/api-client';
import { ApiError, unwrap } from '../../lib/api-error';

/** Spec 3: user, token, loading flag, error message. */
export interface AuthState {
  user: PublicUser | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

type Listener = () => void;

const SIGNED_OUT: AuthState = { user: null, token: null, loading: false, error: null };

/** The browser's two storages; none when the page is pre-rendered at build time (Node). */
function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [localStorage, sessionStorage];
}

function readStored(): { token: string | null; user: PublicUser | null } {
  for (const storage of storages()) {
    const token = storage.getItem(TOKEN_STORAGE_KEY);
    if (!token) continue;
    try {
      const raw = storage.getItem(USER_STORAGE_KEY);
      return { token, user: raw ? (JSON.parse(raw) as PublicUser) : null };
    } catch {
      return { token, user: null };
    }
  }
  return { token: null, user: null };
}

function clearStored() {
  for (const storage of storages()) {
    storage.removeItem(TOKEN_STORAGE_KEY);
    storage.removeItem(USER_STORAGE_KEY);
  }
}

/** Which storage holds the session now: local ("remember me"), this tab's, or none. */
function currentStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  if (localStorage.getItem(TOKEN_STORAGE_KEY)) return localStorage;
  if (sessionStorage.getItem(TOKEN_STORAGE_KEY)) return sessionStorage;
  return null;
}

/**
 * The session, outside React so the router's guards can read it too. The spec's transitions
 * (section 4): start sets loading and clears the error; success stores user and token; failure
 * clears both and keeps the message; logout clears all three.
 *
 * "Remember me" keeps the two items in localStorage (kept across browser restarts); without it
 * they go to sessionStorage, which lasts for this tab.
 */
export function createAuthStore() {
  const stored = readStored();
  let state: AuthState = {
    user: stored.user,
    token: stored.token,
    // With a stored token the me call decides; until then guards wait (spec 4).
    loading: stored.token !== null,
    error: null,
  };
  const listeners = new Set<Listener>();
  let ready: Promise<void> = Promise.resolve();

  function set(patch: Partial<AuthState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function persist(token: string, user: PublicUser, remember: boolean) {
    clearStored();
    const storage = remember ? localStorage : sessionStorage;
    storage.setItem(TOKEN_STORAGE_KEY, token);
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  }

  /**
   * Sign-in and sign-up alike (spec 4): start sets loading and clears the error; success stores
   * user and token; failure clears both and keeps the message (the server's, else the call's
   * fallback), which is thrown on for the form's toast.
   */
  async function signIn(call: () => Promise<AuthResponse>, remember: boolean, fallback: string) {
    set({ loading: true, error: null });
    try {
      const { token, user } = await call();
      persist(token, user, remember);
      set({ user, token, loading: false, error: null });
      return user;
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(fallback, 0);
      clearStored();
      set({ user: null, token: null, loading: false, error: failure.message });
      throw failure;
    }
  }

  const store = {
    getState: () => state,
    /** What the pre-rendered HTML shows (signed out), for the first render while hydrating. */
    getServerState: () => SIGNED_OUT,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once the start-up session check is over. */
    whenReady: () => ready,

    /** App start: with a stored token, ask the API who we are (spec 4). */
    init() {
      if (!state.token) return ready;
      ready = (async () => {
        try {
          const { user } = await unwrap(
            api.auth.me.$get(undefined, { headers: { [SESSION_RESTORE_HEADER]: '1' } }),
            authMessages.sessionExpired,
          );
          currentStorage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
          set({ user, loading: false, error: null });
        } catch {
          clearStored();
          set({ user: null, token: null, loading: false, error: authMessages.sessionExpired });
        }
      })();
      return ready;
    },

    login(input: LoginInput, remember: boolean): Promise<PublicUser> {
      return signIn(
        () => unwrap(api.auth.login.$post({ json: input }), authMessages.loginFailed),
        remember,
        authMessages.loginFailed,
      );
    },

    // A new account is remembered on this device, as most sites do after sign-up.
    register(input: RegisterInput): Promise<PublicUser> {
      return signIn(
        () => unwrap(api.auth.register.$post({ json: input }), authMessages.registrationFailed),
        true,
        authMessages.registrationFailed,
      );
    },

    /**
     * Signs out here and ends the session on the server (best effort: offline still signs out);
     * `notice` is shown at sign-in, when the visitor did not choose to leave.
     */
    async logout(notice?: string) {
      const hadToken = state.token !== null;
      if (hadToken) {
        await api.auth.logout
          .$post(undefined, { headers: { [SESSION_RESTORE_HEADER]: '1' } })
          .catch(() => undefined);
      }
      clearStored();
      set({ user: null, token: null, loading: false, error: notice ?? null });
    },

    /** A 401 from an authenticated call: the session is gone (spec 8). */
    expire() {
      clearStored();
      set({ user: null, token: null, loading: false, error: authMessages.sessionExpired });
    },

    updateUser(user: PublicUser) {
      currentStorage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
      set({ user });
    },

    clearError() {
      set({ error: null });
    },
  };
  return store;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** Wires the 401 rule: clear the session, then let the caller send the visitor to /login. */
export function handleUnauthorized(store: AuthStore, goToLogin: () => void) {
  setUnauthorizedHandler(() => {
    if (store.getState().token === null) return;
    store.expire();
    goToLogin();
  });
}
