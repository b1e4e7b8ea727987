import { ComingSoon } from '../../../components/ui/coming-soon';
import { PageShell } from '../../../components/ui/page-shell';

export function ProfilePage() {
  return (
    <PageShell title="Profile">
      <ComingSoon planned="Profile editing, address management and account settings." />
    </PageShell>
  );
}
