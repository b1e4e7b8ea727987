import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from './auth-provider';
import { createAuthStore } from './auth-store';

describe('useAuth', () => {
  it('throws outside its provider (spec 8)', () => {
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
  });

  it('reads the stored session, and "remember me" decides where it is kept', () => {
    sessionStorage.setItem('token', 'tab-token');
    sessionStorage.setItem(
      'user',
      JSON.stringify({
        id: '1',
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'a@b.co',
        role: 'admin',
      }),
    );
    const store = createAuthStore();
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }) => <AuthProvider store={store}>{children}</AuthProvider>,
    });
    expect(result.current.token).toBe('tab-token');
    expect(result.current.user?.firstName).toBe('Ann');
    expect(result.current.isAdmin).toBe(true);
    // A stored token means the me call has yet to confirm it.
    expect(result.current.loading).toBe(true);
    sessionStorage.clear();
  });
});
