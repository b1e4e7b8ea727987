import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { layout, paragraphs } from './layout.ts';

export interface BlastAttachment {
  filename: string;
  /** A `data:` URI: read once per job, not once per recipient. */
  path: string;
  contentType: string;
}

/**
 * One recipient's copy of an e-mail blast: the admin's text as plain text and as escaped HTML,
 * the flyer attached, and an unsubscribe link in the body and in the RFC 2369 / RFC 8058
 * one-click headers (which the large mailbox providers require for bulk mail).
 */
export function blastMail(input: {
  to: string;
  subject: string;
  message: string | null;
  unsubscribeUrl: string;
  attachment: BlastAttachment | null;
}): MailMessage {
  const url = input.unsubscribeUrl;
  const text = input.message ? `${input.message}\n\n` : '';
  const body = input.message
    ? `<p style="font-size:14px;line-height:1.5">${paragraphs(input.message)}</p>`
    : '';
  return {
    to: input.to,
    subject: input.subject,
    text: `${text}--\nYou receive this e-mail from Studio. Unsubscribe: ${url}`,
    html: layout(
      input.subject,
      body,
      `Don't want these e-mails? <a href="${escapeHtml(url)}">Unsubscribe</a>.`,
    ),
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(input.attachment ? { attachments: [input.attachment] } : {}),
  };
}
