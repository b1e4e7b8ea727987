import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { layout } from './layout.ts';

/** Sent when an address subscribes (or subscribes again); carries the one-click unsubscribe headers. */
export function newsletterWelcome(input: { to: string; unsubscribeUrl: string }): MailMessage {
  const url = escapeHtml(input.unsubscribeUrl);
  return {
    to: input.to,
    subject: 'You are subscribed to Studio updates',
    text: `Thanks for subscribing! You'll get updates on new services and special offers.\n\nUnsubscribe at any time: ${input.unsubscribeUrl}`,
    html: layout(
      'Thanks for subscribing!',
      `<p style="font-size:14px;line-height:1.5">You'll get updates on new services and special offers.</p>`,
      `Don't want these e-mails? <a href="${url}">Unsubscribe</a>.`,
    ),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
