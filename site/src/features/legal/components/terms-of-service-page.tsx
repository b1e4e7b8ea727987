import { PageShell } from '../../../components/ui/page-shell';

export function TermsOfServicePage() {
  return <PageShell title="Terms of Service" />;
}
