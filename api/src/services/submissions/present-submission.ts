import { paymentMessages } from '@studio/shared/messages/payments';
import { formatUsd, withTax } from '@studio/shared/money';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { loadSubmission } from '../payments/load-payment.ts';

/**
 * GET /api/projects/:id, for paying later from the confirmation e-mail's link. The id is the
 * capability (as for a payment quote), so the answer holds only what the pay page needs: never
 * the e-mail address, notes or files. Prices are null when the service has no payment price.
 */
export async function presentSubmission({ db, id }: { db: Db; id: string }) {
  if (!isUuid(id)) throw new ApiError('NOT_FOUND', paymentMessages.submissionNotFound);
  const { submission, service } = await loadSubmission(db, id);
  const paid = submission.paymentState === 'paid';
  const price = service.checkoutPriceCents === null ? null : withTax(service.checkoutPriceCents);
  return {
    id: submission.id,
    serviceTitle: service.title,
    serviceSku: service.sku,
    name: submission.name,
    paymentState: submission.paymentState,
    paid,
    payable: price !== null && !paid && submission.paymentState !== 'refunded',
    createdAt: submission.createdAt.toISOString(),
    subtotalCents: price?.subtotalCents ?? null,
    taxCents: price?.taxCents ?? null,
    totalCents: price?.totalCents ?? null,
    subtotal: price ? formatUsd(price.subtotalCents) : null,
    tax: price ? formatUsd(price.taxCents) : null,
    total: price ? formatUsd(price.totalCents) : null,
  };
}

export type PublicSubmission = Awaited<ReturnType<typeof presentSubmission>>;
