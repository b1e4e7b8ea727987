import { shippingMethodLabels, trackingUrl } from '@studio/shared/shipping';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { detailsTable, layout } from './layout.ts';

/** To the customer when the admin adds tracking. */
export function shippingNotice(input: {
  to: string;
  name: string;
  orderNumber: string;
  carrier: string;
  trackingNumber: string;
  shippingMethod: 'standard' | 'express' | 'overnight';
}): MailMessage {
  const url = trackingUrl(input.carrier, input.trackingNumber);
  const method = shippingMethodLabels[input.shippingMethod];
  return {
    to: input.to,
    subject: `Your order ${input.orderNumber} has shipped`,
    text: `Hi ${input.name},\n\nYour order ${input.orderNumber} is on its way.\n\nCarrier: ${input.carrier}\nTracking number: ${input.trackingNumber}\nMethod: ${method}\n${url ? `Track it: ${url}\n` : ''}`,
    html: layout(
      'Your order has shipped',
      `<p style="font-size:14px">Hi ${escapeHtml(input.name)}, your order ${escapeHtml(input.orderNumber)} is on its way.</p>
${detailsTable([
  ['Carrier', input.carrier],
  ['Tracking number', input.trackingNumber],
  ['Method', method],
])}${url ? `<p style="font-size:14px"><a href="${escapeHtml(url)}">Track your parcel</a></p>` : ''}`,
    ),
  };
}
