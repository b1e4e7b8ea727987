import { ComingSoon } from '../../../components/ui/coming-soon';
import { PageShell } from '../../../components/ui/page-shell';

export function OrdersPage() {
  return (
    <PageShell title="Orders">
      <ComingSoon planned="Order history and tracking." />
    </PageShell>
  );
}
