import { paymentMessages } from '@studio/shared/messages/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

/** GET /api/payments/config: which methods take money now, and their public parameters. */
export async function getPaymentConfig() {
  return unwrap(api.payments.config.$get(), paymentMessages.configFailed);
}

export type PaymentConfig = Awaited<ReturnType<typeof getPaymentConfig>>;

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: getPaymentConfig,
    staleTime: 5 * 60_000,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
