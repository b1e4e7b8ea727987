import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { AuthStore } from '../auth/auth-store';

/**
 * The `_authenticated` guard for checkout pages that live outside that layout: wait for the
 * session check, then send a visitor without an account to /login, which brings them back
 * here (search params included) once signed in.
 */
export async function requireSignIn({
  context,
  location,
}: {
  context: { auth: AuthStore };
  location: ParsedLocation;
}) {
  await context.auth.whenReady();
  if (!context.auth.getState().user) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}
