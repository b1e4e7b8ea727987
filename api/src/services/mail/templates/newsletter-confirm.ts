import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { layout } from './layout.ts';

/**
 * Sent when an address is signed up on the form (decision 025): nothing else is mailed to it
 * until its owner confirms by the link, which opens a page with a Confirm button.
 */
export function newsletterConfirm(input: { to: string; confirmUrl: string }): MailMessage {
  const url = escapeHtml(input.confirmUrl);
  return {
    to: input.to,
    subject: 'Confirm your subscription to Studio updates',
    text: `Please confirm that you want updates on new services and special offers: ${input.confirmUrl}\n\nThe link works for 7 days. If you did not sign up, ignore this e-mail: you will not hear from us again.`,
    html: layout(
      'Confirm your subscription',
      `<p style="font-size:14px;line-height:1.5">Please confirm that you want updates on new services and special offers.</p>
<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none;font-size:14px">Confirm subscription</a></p>
<p style="font-size:12px;color:#71717a">The link works for 7 days.</p>`,
      'If you did not sign up, ignore this e-mail: you will not hear from us again.',
    ),
  };
}
