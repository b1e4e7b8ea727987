import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { titleHead } from '../lib/page-title';
import { safeRedirect } from '../lib/safe-redirect';

export interface LoginSearch {
  /** Where the visitor was sent from; they go back there after signing in. */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  head: titleHead('Sign in'),
  component: LoginPage,
});
