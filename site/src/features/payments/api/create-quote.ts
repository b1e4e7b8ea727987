import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import type { PaySubject } from '../types';

/** The subject as the payment calls name it. */
export function subjectBody(subject: PaySubject) {
  return subject.kind === 'order' ? { orderId: subject.id } : { submissionId: subject.id };
}

/**
 * POST /api/payments/quote: the server's amounts for paying `subject` by `method` (the crypto
 * amount in base units, the merchant address), valid 15 minutes.
 */
export async function createQuote(subject: PaySubject, method: PaymentMethod) {
  return unwrap(
    api.payments.quote.$post({ json: { ...subjectBody(subject), method } }),
    paymentMessages.quoteFailed,
  );
}

export type PaymentQuote = Awaited<ReturnType<typeof createQuote>>;

/**
 * One quote per subject and method while the panel is open; a fresh one after 10 minutes, well
 * inside the quote's 15. Kept under 'orders' so it is dropped when the account changes.
 */
export const quoteQueryOptions = (subject: PaySubject, method: PaymentMethod) =>
  queryOptions({
    queryKey: ['orders', 'payment-quote', subject.kind, subject.id, method],
    queryFn: () => createQuote(subject, method),
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
    retry: 1,
    refetchOnWindowFocus: false,
  });

export function useQuote(subject: PaySubject, method: PaymentMethod, enabled: boolean) {
  return useQuery({ ...quoteQueryOptions(subject, method), enabled });
}
