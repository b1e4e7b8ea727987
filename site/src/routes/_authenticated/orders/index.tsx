import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { titleHead } from '../../../lib/page-title';

export const Route = createFileRoute('/_authenticated/orders/')({
  head: titleHead('Orders'),
  component: OrdersPage,
});
