import { PageShell } from '../../../components/ui/page-shell';

/** Sign-up. The form comes in a later issue. */
export function RegisterPage() {
  return <PageShell title="Create an account" />;
}
