import { PageShell } from '../../../components/ui/page-shell';

export function PrivacyPolicyPage() {
  return <PageShell title="Privacy Policy" />;
}
