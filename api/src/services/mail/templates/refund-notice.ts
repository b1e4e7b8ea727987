import { formatUsd } from '@studio/shared/money';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { detailsTable, layout } from './layout.ts';

interface RefundNotice {
  to: string;
  name: string;
  /** "Order ORD-…" or the service's title. */
  title: string;
  amountCents: number;
  /** Everything refunded of the payment so far, this refund included. */
  refundedCents: number;
  paidCents: number;
  method: 'paypal' | 'usdt' | 'alephium';
  txHash: string | null;
  reason: string;
  returnedItems: { name: string; quantity: number }[];
  /** The customer's order page, or none (a project submission has no page to sign in to). */
  link: string | null;
}

const where: Record<RefundNotice['method'], string> = {
  paypal: 'To your PayPal account (it can take a few days to show)',
  usdt: 'In USDT, to your wallet',
  alephium: 'In ALPH, to your wallet',
};

function rows(r: RefundNotice): [string, string | null][] {
  return [
    ['Refunded now', formatUsd(r.amountCents)],
    [
      'Refunded in all',
      r.refundedCents >= r.paidCents
        ? `${formatUsd(r.refundedCents)} (everything paid)`
        : `${formatUsd(r.refundedCents)} of ${formatUsd(r.paidCents)} paid`,
    ],
    ['How', where[r.method]],
    ['Transaction', r.txHash],
    ['Reason', r.reason],
    [
      'Items returned',
      r.returnedItems.length
        ? r.returnedItems.map((i) => `${i.quantity} × ${i.name}`).join(', ')
        : null,
    ],
  ];
}

/** To the customer, once a refund has completed (decision 035): one mail per refund. */
export function refundNotice(r: RefundNotice): MailMessage {
  const lines = rows(r)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
  const what = `${formatUsd(r.amountCents)} for ${r.title}`;
  return {
    to: r.to,
    subject: `Refund of ${what}`.slice(0, 200),
    text: `Hi ${r.name},\n\nWe have refunded ${what}.\n\n${lines.join('\n')}\n${r.link ? `\nYour order: ${r.link}\n` : ''}`,
    html: layout(
      'Your refund',
      `<p style="font-size:14px">Hi ${escapeHtml(r.name)}, we have refunded ${escapeHtml(what)}.</p>
${detailsTable(rows(r))}${r.link ? `<p style="font-size:14px"><a href="${escapeHtml(r.link)}">See your order</a></p>` : ''}`,
    ),
  };
}
