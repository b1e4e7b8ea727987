import { formatBytes } from '@studio/shared/downloads';
import { formatUsd } from '@studio/shared/money';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { BusinessDetails } from '../../invoices/business-details.ts';
import { formatSaleDate } from '../../invoices/invoice-number.ts';
import type { Sale } from '../../invoices/load-sale.ts';
import {
  cryptoAmount,
  paymentMethodNames,
  paymentReference,
} from '../../invoices/payment-reference.ts';
import type { MailMessage } from '../mailer.ts';
import { layout } from './layout.ts';

interface ReceiptInput {
  sale: Sale;
  business: BusinessDetails;
  /** The page of the order (`/orders/:id`) or of the submission (its pay page). */
  link: string;
  /** The service's name, for a submission's subject line. */
  title: string;
  /** A digital order's files, downloaded from its page (decision 045). */
  files?: ReceiptFile[];
}

/** A file the order gives access to, as the receipt lists it. */
export interface ReceiptFile {
  productName: string;
  name: string;
  sizeBytes: number;
}

function fileText(files: ReceiptFile[], link: string): string[] {
  if (files.length === 0) return [];
  return [
    'Your files, ready to download from your order page:',
    ...files.map((f) => `  ${f.name} (${formatBytes(f.sizeBytes)}), ${f.productName}`),
    `Download them here: ${link}`,
    '',
  ];
}

function fileHtml(files: ReceiptFile[], link: string): string {
  if (files.length === 0) return '';
  const items = files
    .map(
      (f) =>
        `<li style="margin:0 0 4px"><strong>${escapeHtml(f.name)}</strong> <span style="${muted}">(${escapeHtml(formatBytes(f.sizeBytes))}, ${escapeHtml(f.productName)})</span></li>`,
    )
    .join('');
  return `<div style="font-size:14px;margin:16px 0 0;padding:12px;border:1px solid #e4e4e7;border-radius:6px"><div style="font-weight:600;margin:0 0 6px">Your files are ready to download</div><ul style="margin:0;padding-left:18px">${items}</ul><div style="margin:8px 0 0"><a href="${escapeHtml(link)}" style="color:#3f3f46">Download them from your order page</a></div></div>`;
}

const muted = 'color:#52525b';
const cell = 'padding:8px 0;border-bottom:1px solid #e4e4e7;vertical-align:top';

function totalsOf(sale: Sale): [string, string][] {
  return [
    ['Subtotal', formatUsd(sale.subtotalCents)],
    ...(sale.subject.kind === 'order'
      ? [['Shipping', formatUsd(sale.shippingCents)] as [string, string]]
      : []),
    ['Tax', formatUsd(sale.taxCents)],
  ];
}

/** `Paid with PayPal`, and the provider's reference and a crypto amount when there are. */
function paymentLines(sale: Sale): string[] {
  const payment = sale.payment;
  if (!payment) return [];
  const reference = paymentReference(payment.externalId);
  const sent = cryptoAmount(payment);
  return [
    `Paid with ${paymentMethodNames[payment.method]}${sent ? `: ${sent}` : ''}`,
    ...(reference ? [`${reference.label}: ${reference.value}`] : []),
  ];
}

function facts(sale: Sale): [string, string][] {
  return [
    [sale.subject.kind === 'order' ? 'Order' : 'Project reference', sale.reference],
    ...(sale.invoice ? [['Invoice', sale.invoice.number] as [string, string]] : []),
    ...(sale.paidAt ? [['Paid', formatSaleDate(sale.paidAt)] as [string, string]] : []),
  ];
}

function businessText(b: BusinessDetails): string[] {
  return [
    b.name,
    ...b.addressLines,
    b.email,
    b.website,
    ...(b.taxId ? [`Tax ID: ${b.taxId}`] : []),
  ];
}

function businessHtml(b: BusinessDetails): string {
  const lines = [
    `<strong>${escapeHtml(b.name)}</strong>`,
    ...b.addressLines.map(escapeHtml),
    `<a href="mailto:${escapeHtml(b.email)}" style="color:#3f3f46">${escapeHtml(b.email)}</a>`,
    `<a href="${escapeHtml(b.website)}" style="color:#3f3f46">${escapeHtml(b.website)}</a>`,
    ...(b.taxId ? [`Tax ID: ${escapeHtml(b.taxId)}`] : []),
  ];
  return lines.join('<br>');
}

function text({ sale, business, link, files = [] }: ReceiptInput): string {
  const order = sale.subject.kind === 'order';
  const lines = sale.lines.map(
    (l) =>
      `${l.name} (${l.sku})\n  ${l.quantity} × ${formatUsd(l.unitPriceCents)} = ${formatUsd(l.lineTotalCents)}`,
  );
  return [
    `Hi ${sale.buyer.name},`,
    '',
    'Thank you, your payment is confirmed.',
    '',
    ...facts(sale).map(([k, v]) => `${k}: ${v}`),
    '',
    ...lines,
    '',
    ...totalsOf(sale).map(([k, v]) => `${k}: ${v}`),
    `Total: ${formatUsd(sale.totalCents)}`,
    '',
    ...paymentLines(sale),
    '',
    ...fileText(files, link),
    order
      ? `Your order and its invoice (PDF): ${link}`
      : `Your project: ${link}\n\nWe'll review your project and contact you within 24 hours.`,
    '',
    '-- ',
    ...businessText(business),
    '',
  ].join('\n');
}

function html({ sale, business, link, files = [] }: ReceiptInput): string {
  const order = sale.subject.kind === 'order';
  const factRows = facts(sale)
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 16px 2px 0;${muted}">${escapeHtml(k)}</td><td style="padding:2px 0;word-break:break-all">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const lineRows = sale.lines
    .map(
      (l) => `<tr><td style="${cell}"><div style="font-weight:600">${escapeHtml(l.name)}</div>
<div style="font-size:13px;${muted}">${l.quantity} × ${formatUsd(l.unitPriceCents)}</div></td>
<td style="${cell};text-align:right;white-space:nowrap;padding-left:12px">${formatUsd(l.lineTotalCents)}</td></tr>`,
    )
    .join('\n');
  const totalRows = totalsOf(sale)
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 0 6px;${muted}">${escapeHtml(k)}</td><td style="padding:4px 0 6px;text-align:right">${v}</td></tr>`,
    )
    .join('');
  const payment = paymentLines(sale)
    .map((line) => `<div style="word-break:break-all">${escapeHtml(line)}</div>`)
    .join('');
  const body = `<p style="font-size:14px;margin:0 0 16px">Hi ${escapeHtml(sale.buyer.name)}, thank you: your payment is confirmed.</p>
<table role="presentation" style="border-collapse:collapse;font-size:14px;margin:0 0 16px">${factRows}</table>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px;width:100%">
<tr><th style="text-align:left;padding:0 0 4px;font-size:12px;${muted};border-bottom:1px solid #e4e4e7">Item</th><th style="text-align:right;padding:0 0 4px;font-size:12px;${muted};border-bottom:1px solid #e4e4e7">Total</th></tr>
${lineRows}
</table>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px;width:100%;margin:8px 0 0">${totalRows}
<tr><td style="padding:10px 0 0;font-weight:700;font-size:16px;border-top:1px solid #18181b">Total paid</td><td style="padding:10px 0 0;text-align:right;font-weight:700;font-size:16px;border-top:1px solid #18181b">${formatUsd(sale.totalCents)}</td></tr>
</table>
${payment ? `<div style="font-size:14px;margin:16px 0 0;padding:12px;background:#f4f4f5;border-radius:6px">${payment}</div>` : ''}
${fileHtml(files, link)}
<p style="margin:24px 0 8px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-size:14px;font-weight:600">${order ? 'View your order' : 'View your project'}</a></p>
<p style="font-size:13px;margin:0;${muted}">${
    order
      ? 'The invoice (PDF) can be downloaded from your order page.'
      : "We'll review your project and contact you within 24 hours."
  }</p>`;
  return layout('Payment received', body, businessHtml(business));
}

/**
 * The itemised receipt a customer keeps (decision 036): lines, totals, how it was paid, the
 * order or project and its invoice number, a link back, and the seller in the footer. Every
 * text from a person (names, products, addresses) is escaped: none of it becomes markup.
 */
export function paymentReceipt(input: ReceiptInput): MailMessage {
  const { sale } = input;
  return {
    to: sale.buyer.email,
    subject:
      sale.subject.kind === 'order'
        ? `Receipt for order ${sale.reference}`
        : `Payment received: ${input.title}`.slice(0, 200),
    text: text(input),
    html: html(input),
  };
}
