import { PageShell } from '../../../components/ui/page-shell';

export function CheckoutPage() {
  return <PageShell title="Checkout" />;
}
