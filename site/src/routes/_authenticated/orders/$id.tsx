import { createFileRoute } from '@tanstack/react-router';
import { myOrderQueryOptions } from '../../../features/orders/api/get-my-order';
import { OrderDetailError } from '../../../features/orders/components/order-detail-error';
import { OrderDetailPage } from '../../../features/orders/components/order-detail-page';
import { pageTitle } from '../../../lib/page-title';

export const Route = createFileRoute('/_authenticated/orders/$id')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(myOrderQueryOptions(params.id)),
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData ? `Order ${loaderData.orderNumber}` : 'Order') }],
  }),
  errorComponent: OrderDetailError,
  component: OrderDetailRoute,
});

function OrderDetailRoute() {
  const { id } = Route.useParams();
  return <OrderDetailPage orderId={id} />;
}
