import type { MailMessage } from '../mailer.ts';
import { detailsTable, layout, paragraphs } from './layout.ts';

/** A visitor's message to the business inbox; replying answers the visitor. */
export function contactNotice(input: {
  to: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}): MailMessage {
  const subject = `Contact: ${input.subject} from ${input.name}`.slice(0, 200);
  return {
    to: input.to,
    replyTo: input.email,
    subject,
    text: `${input.name} <${input.email}> wrote (${input.subject}):\n\n${input.message}\n\nReply to this e-mail to answer them.`,
    html: layout(
      'New message from the website',
      `${detailsTable([
        ['From', `${input.name} <${input.email}>`],
        ['Project type', input.subject],
      ])}<p style="font-size:14px;line-height:1.5;margin-top:16px">${paragraphs(input.message)}</p>
<p style="font-size:12px;color:#71717a">Reply to this e-mail to answer them.</p>`,
    ),
  };
}
