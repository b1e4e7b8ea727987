import { createFileRoute } from '@tanstack/react-router';
import { OrderDetailPage } from '../../../features/orders/components/order-detail-page';
import { pageTitle } from '../../../lib/page-title';

export const Route = createFileRoute('/_authenticated/orders/$id')({
  head: ({ params }) => ({ meta: [{ title: pageTitle(`Order ${params.id}`) }] }),
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useParams();
  return <OrderDetailPage orderId={id} />;
}
