import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { titleHead } from '../lib/page-title';
import { safeRedirect } from '../lib/safe-redirect';

export interface LoginSearch {
  /** Where the visitor was sent from; they go back there after signing in. */
  redirect?: string | undefined;
}

export const Route = createFileRoute('/login')({
  // The key is always returned: TanStack Router keeps raw search keys the validator leaves out,
  // so an unsafe value must be overwritten, not just omitted.
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: safeRedirect(search.redirect),
  }),
  // Someone already signed in has nothing to do here: send them on as a fresh sign-in would.
  beforeLoad: async ({ context, search }) => {
    await context.auth.whenReady();
    const user = context.auth.getState().user;
    if (user) throw redirect({ to: user.role === 'admin' ? '/admin' : (search.redirect ?? '/') });
  },
  head: titleHead('Sign in'),
  component: LoginPage,
});
