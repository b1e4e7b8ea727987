import { PageShell } from '../../../components/ui/page-shell';

/** Sign-in. The form (shared zod schema, remember me, redirect back) comes in a later issue. */
export function LoginPage() {
  return <PageShell title="Sign in" />;
}
