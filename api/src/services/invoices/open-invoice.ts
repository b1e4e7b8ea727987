import { invoiceMessages } from '@studio/shared/messages/invoices';
import { orderMessages } from '@studio/shared/messages/orders';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type BusinessEnv, businessDetails } from './business-details.ts';
import type { InvoiceSubject } from './issue-invoice.ts';
import { loadSale } from './load-sale.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * The PDF invoice of a paid order or submission, made now from what is stored (decision 036).
 * `ownerId`: the signed-in customer, who sees only their own (anyone else's is the same 404 as
 * one that does not exist); `null` for an admin, who sees every one. Unpaid: 409, saying so.
 */
export async function openInvoice({
  db,
  env,
  subject,
  ownerId,
}: {
  db: DbOrTx;
  env: BusinessEnv;
  subject: InvoiceSubject;
  ownerId: string | null;
}) {
  const notFound =
    subject.kind === 'order' ? orderMessages.notFound : invoiceMessages.submissionNotFound;
  if (!isUuid(subject.id)) throw new ApiError('NOT_FOUND', notFound);
  const sale = await loadSale(db, subject);
  if (!sale || (ownerId !== null && sale.userId !== ownerId)) {
    throw new ApiError('NOT_FOUND', notFound);
  }
  if (!sale.invoice) {
    throw new ApiError(
      'CONFLICT',
      subject.kind === 'order' ? invoiceMessages.orderNotPaid : invoiceMessages.submissionNotPaid,
    );
  }
  return {
    fileName: `invoice-${sale.invoice.number}.pdf`,
    stream: renderInvoicePdf({ sale, business: businessDetails(env) }),
  };
}
