import { formatUsd } from '@studio/shared/money';
import { detailsTable, escapeHtml, layout } from '../html.ts';
import type { MailMessage } from '../mailer.ts';

interface Receipt {
  to: string;
  name: string;
  serviceTitle: string;
  submissionId: string;
  method: string;
  totalCents: number;
  amountText: string | null;
  currency: string;
  externalId: string;
}

const methodNames: Record<string, string> = {
  paypal: 'PayPal',
  usdt: 'USDT',
  alephium: 'Alephium (ALPH)',
};

function rows(r: Receipt): [string, string][] {
  const paid =
    r.currency === 'USD' || !r.amountText
      ? formatUsd(r.totalCents)
      : `${r.amountText} ${r.currency} (${formatUsd(r.totalCents)})`;
  return [
    ['Service', r.serviceTitle],
    ['Total paid', paid],
    ['Method', methodNames[r.method] ?? r.method],
    ['Transaction', r.externalId],
    ['Reference', r.submissionId],
  ];
}

/** To the customer once a payment is confirmed. */
export function paymentReceipt(r: Receipt): MailMessage {
  const lines = rows(r).map(([k, v]) => `${k}: ${v}`);
  return {
    to: r.to,
    subject: `Payment received: ${r.serviceTitle}`,
    text: `Hi ${r.name},\n\nThank you, your payment is confirmed.\n\n${lines.join('\n')}\n\nWe'll review your project and contact you within 24 hours.\n`,
    html: layout(
      'Payment received',
      `<p style="font-size:14px">Hi ${escapeHtml(r.name)}, thank you, your payment is confirmed.</p>${detailsTable(rows(r))}
<p style="font-size:14px">We'll review your project and contact you within 24 hours.</p>`,
    ),
  };
}

/** To the business inbox. */
export function paymentNotice(
  r: Receipt & { business: string; customerEmail: string },
): MailMessage {
  const lines = rows(r).map(([k, v]) => `${k}: ${v}`);
  return {
    to: r.business,
    replyTo: r.customerEmail,
    subject: `Paid: ${r.serviceTitle} by ${r.name}`.slice(0, 200),
    text: `${lines.join('\n')}\nCustomer: ${r.name} <${r.customerEmail}>\n`,
    html: layout(
      'Payment confirmed',
      detailsTable([...rows(r), ['Customer', `${r.name} <${r.customerEmail}>`]]),
    ),
  };
}
