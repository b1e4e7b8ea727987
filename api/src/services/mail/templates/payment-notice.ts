import { formatUsd } from '@studio/shared/money';
import type { Sale } from '../../invoices/load-sale.ts';
import {
  cryptoAmount,
  paymentMethodNames,
  paymentReference,
} from '../../invoices/payment-reference.ts';
import type { MailMessage } from '../mailer.ts';
import { detailsTable, layout } from './layout.ts';

/** To the business inbox once a payment is confirmed (the customer's receipt: payment-receipt.ts). */
export function paymentNotice({
  sale,
  title,
  business,
}: {
  sale: Sale;
  /** The service's name, or `Order <number>`. */
  title: string;
  business: string;
}): MailMessage {
  const payment = sale.payment;
  const sent = payment ? cryptoAmount(payment) : null;
  const reference = paymentReference(payment?.externalId ?? null);
  const rows: [string, string | null][] = [
    [sale.subject.kind === 'order' ? 'Order' : 'Service', title],
    ['Total paid', sent ? `${sent} (${formatUsd(sale.totalCents)})` : formatUsd(sale.totalCents)],
    ['Method', payment ? paymentMethodNames[payment.method] : null],
    [reference?.label ?? 'Transaction', reference?.value ?? null],
    ['Invoice', sale.invoice?.number ?? null],
    ['Reference', sale.reference],
    ['Customer', `${sale.buyer.name} <${sale.buyer.email}>`],
  ];
  const lines = rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
  return {
    to: business,
    replyTo: sale.buyer.email,
    subject: `Paid: ${title} by ${sale.buyer.name}`.slice(0, 200),
    text: `${lines.join('\n')}\n`,
    html: layout('Payment confirmed', detailsTable(rows)),
  };
}
