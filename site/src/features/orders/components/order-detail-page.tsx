import { ComingSoon } from '../../../components/ui/coming-soon';
import { PageShell } from '../../../components/ui/page-shell';

interface OrderDetailPageProps {
  orderId: string;
}

export function OrderDetailPage({ orderId }: OrderDetailPageProps) {
  return (
    <PageShell title={`Order ${orderId}`}>
      <ComingSoon planned="Order details." />
    </PageShell>
  );
}
