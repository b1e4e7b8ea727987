import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { createFileRoute } from '@tanstack/react-router';
import { ProjectPaymentPage } from '../../features/projects/components/project-payment-page';
import { titleHead } from '../../lib/page-title';

type Method = PaymentMethod;
// Listed here rather than imported: the schemas module brings zod, and search validation is
// part of the route tree every page loads.
const METHODS: readonly Method[] = ['paypal', 'usdt', 'alephium'];

export const Route = createFileRoute('/projects/$id/pay')({
  head: titleHead('Pay for your project'),
  validateSearch: (search: Record<string, unknown>): { method?: Method } =>
    METHODS.includes(search.method as Method) ? { method: search.method as Method } : {},
  component: function PayLaterRoute() {
    const { id } = Route.useParams();
    const { method } = Route.useSearch();
    return <ProjectPaymentPage submissionId={id} {...(method ? { initialMethod: method } : {})} />;
  },
});
