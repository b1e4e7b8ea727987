import { PageShell } from '../../../components/ui/page-shell';

export function CartPage() {
  return <PageShell title="Cart" />;
}
