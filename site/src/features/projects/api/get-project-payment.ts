import { paymentMessages } from '@studio/shared/messages/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/projects/:id: a submission's service, amounts and whether it is paid. */
export async function getProjectPayment(id: string) {
  const { submission } = await unwrap(
    api.projects[':id'].$get({ param: { id } }),
    paymentMessages.submissionNotFound,
  );
  return submission;
}

export type ProjectPaymentSummary = Awaited<ReturnType<typeof getProjectPayment>>;

export const projectPaymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['project-payment', id],
    queryFn: () => getProjectPayment(id),
    retry: (count, error) => count < 1 && !('status' in error && error.status === 404),
    refetchOnWindowFocus: false,
  });

export function useProjectPayment(id: string) {
  return useQuery(projectPaymentQueryOptions(id));
}
