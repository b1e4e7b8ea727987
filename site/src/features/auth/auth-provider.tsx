import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import type { AuthState, AuthStore } from './auth-store';

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext value={store}>{children}</AuthContext>;
}

/** The auth store itself, for its actions (login, logout...). Throws outside the provider (spec 8). */
export function useAuthStore(): AuthStore {
  const store = use(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  return store;
}

/**
 * The session as the spec's auth state (user, token, loading, error), re-rendering on change.
 * While hydrating pre-rendered HTML it first reads signed out, as the HTML was built, then the
 * stored session (useSyncExternalStore's server snapshot), so hydration never mismatches.
 */
export function useAuth(): AuthState & { isAdmin: boolean; store: AuthStore } {
  const store = useAuthStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getServerState);
  return { ...state, isAdmin: state.user?.role === 'admin', store };
}
