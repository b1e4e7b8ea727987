import { createFileRoute } from '@tanstack/react-router';
import { myOrdersQueryOptions } from '../../../features/orders/api/get-my-orders';
import { OrdersPage } from '../../../features/orders/components/orders-page';
import { myProjectsQueryOptions } from '../../../features/project-room/api/get-my-projects';
import { MyProjects } from '../../../features/project-room/components/my-projects';
import { titleHead } from '../../../lib/page-title';

// Far past any real history; keeps the API's row offset a sane number.
const MAX_PAGE = 10_000;

/** `?page=N` from 2 up; anything else (absent, 1, junk) is the first page. */
function validateSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  // The key is always returned: the router keeps raw keys a validator leaves out (decision 010).
  return { page: Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : undefined };
}

export const Route = createFileRoute('/_authenticated/orders/')({
  validateSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(myOrdersQueryOptions(deps.page)),
      context.queryClient.ensureQueryData(myProjectsQueryOptions()),
    ]),
  head: titleHead('Orders'),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { page } = Route.useLoaderDeps();
  // The client's projects (issue 26) sit under their orders; each feature owns its own list.
  return <OrdersPage page={page} projects={<MyProjects />} />;
}
