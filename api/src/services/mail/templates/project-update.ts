import { type WorkStatus, workStatusLabels } from '@studio/shared/project-room';
import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { layout, paragraphs } from './layout.ts';

const button =
  'display:inline-block;padding:10px 18px;background:#18181b;color:#fff;border-radius:6px;text-decoration:none;font-size:14px';

export interface ProjectUpdate {
  to: string;
  name: string;
  serviceTitle: string;
  status: WorkStatus;
  /** Who moved it: the studio, or the client themself (their own request or approval). */
  byClient: boolean;
  note: string | null;
  /** The client's room: a signed link that works without an account (decision 046). */
  roomUrl: string;
  /** Where an unpaid project is paid, for a delivery not yet released. */
  payUrl: string | null;
}

/** What the mail says of each status, in the client's words. */
function says(u: ProjectUpdate): { subject: string; line: string } {
  const service = u.serviceTitle;
  switch (u.status) {
    case 'in_progress':
      return {
        subject: `Work has started on your project: ${service}`,
        line: 'We have started work on your project. We will let you know when there is something to hear.',
      };
    case 'in_review':
      return {
        subject: `A version of your project is ready to hear: ${service}`,
        line: 'A new version of your project is ready. Listen in your project room, comment at any moment of the track, then request changes or approve it.',
      };
    case 'changes_requested':
      return u.byClient
        ? {
            subject: `We have your notes: ${service}`,
            line: 'Thanks, we have your notes and will get to work on the next version.',
          }
        : {
            subject: `Changes noted on your project: ${service}`,
            line: 'We have noted the changes for your project and will share the next version.',
          };
    case 'approved':
      return {
        subject: `Approved: ${service}`,
        line: u.byClient
          ? 'Thank you for approving your project. We are preparing your final files.'
          : 'Your project is approved. We are preparing your final files.',
      };
    case 'delivered':
      return u.payUrl
        ? {
            subject: `Your final files are ready: ${service}`,
            line: 'Your final files are ready. Pay for your project to receive them; they are in your project room as soon as it is paid.',
          }
        : {
            subject: `Your final files are ready: ${service}`,
            line: 'Your final files are ready to download in your project room.',
          };
    case 'cancelled':
      return {
        subject: `Your project was cancelled: ${service}`,
        line: 'Your project was cancelled. Reply to this e-mail if you have any questions.',
      };
    default:
      return {
        subject: `Your project: ${workStatusLabels[u.status]}: ${service}`,
        line: `Your project is now: ${workStatusLabels[u.status]}.`,
      };
  }
}

/** To the client, once per move of their project's work (queued with the move's id). */
export function projectUpdate(u: ProjectUpdate): MailMessage {
  const { subject, line } = says(u);
  const note = u.note && !u.byClient ? u.note : null;
  const pay =
    u.status === 'delivered' && u.payUrl
      ? `<p style="margin:12px 0"><a href="${escapeHtml(u.payUrl)}" style="${button}">Pay to receive your files</a></p>`
      : '';
  return {
    to: u.to,
    subject: subject.slice(0, 200),
    text: [
      `Hi ${u.name},`,
      '',
      line,
      ...(note ? ['', `From the studio: ${note}`] : []),
      '',
      `Your project room: ${u.roomUrl}`,
      ...(u.status === 'delivered' && u.payUrl ? [`Pay to receive your files: ${u.payUrl}`] : []),
      '',
    ].join('\n'),
    html: layout(
      workStatusLabels[u.status],
      `<p style="font-size:14px;line-height:1.5">Hi ${escapeHtml(u.name)}, ${escapeHtml(line)}</p>
${note ? `<p style="font-size:14px;line-height:1.5;border-left:3px solid #e4e4e7;padding-left:12px">${paragraphs(note)}</p>` : ''}
<p style="margin:20px 0"><a href="${escapeHtml(u.roomUrl)}" style="${button}">Open your project room</a></p>${pay}`,
      'This link opens your project without a password and works for 30 days; the room can mail you a fresh one.',
    ),
  };
}

/** A fresh link to the room, asked for from the room's page (its old link had expired). */
export function projectLink(u: {
  to: string;
  name: string;
  serviceTitle: string;
  roomUrl: string;
}): MailMessage {
  return {
    to: u.to,
    subject: `Your project room: ${u.serviceTitle}`.slice(0, 200),
    text: `Hi ${u.name},\n\nHere is a fresh link to your project room for ${u.serviceTitle}:\n${u.roomUrl}\n\nIt works for 30 days. If you did not ask for it, you can ignore this e-mail.\n`,
    html: layout(
      'Your project room',
      `<p style="font-size:14px;line-height:1.5">Hi ${escapeHtml(u.name)}, here is a fresh link to your project room for <strong>${escapeHtml(u.serviceTitle)}</strong>.</p>
<p style="margin:20px 0"><a href="${escapeHtml(u.roomUrl)}" style="${button}">Open your project room</a></p>`,
      'It works for 30 days. If you did not ask for it, you can ignore this e-mail.',
    ),
  };
}
