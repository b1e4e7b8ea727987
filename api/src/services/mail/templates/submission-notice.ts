import { escapeHtml } from '../../../lib/escape-html.ts';
import type { MailMessage } from '../mailer.ts';
import { detailsTable, layout } from './layout.ts';

interface SubmissionSummary {
  submissionId: string;
  name: string;
  email: string;
  serviceTitle: string;
  notes: string;
  timeline: string | null;
  budget: string | null;
  files: { originalName: string; sizeBytes: number }[];
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const button =
  'display:inline-block;padding:10px 18px;background:#18181b;color:#fff;border-radius:6px;text-decoration:none;font-size:14px';

/**
 * To the client: received, reviewed within 24 hours (the spec's promise). With `payUrl` (the
 * service has a payment price) it links to the page where the project can be paid later.
 */
export function submissionConfirmation(
  s: SubmissionSummary & { payUrl?: string | null; roomUrl?: string | null },
): MailMessage {
  const room = s.roomUrl
    ? `<p style="margin:20px 0 0;font-size:14px;line-height:1.5">Follow your project, listen to previews and receive your files in your <a href="${escapeHtml(s.roomUrl)}" style="color:#3f3f46">project room</a>.</p>`
    : '';
  const pay = s.payUrl
    ? `<p style="margin:20px 0"><a href="${escapeHtml(s.payUrl)}" style="${button}">Pay for your project</a></p>`
    : '';
  return {
    to: s.email,
    subject: `We received your project: ${s.serviceTitle}`,
    text: `Hi ${s.name},\n\nThanks for submitting your project for ${s.serviceTitle}. We'll review it and get back to you within 24 hours.\n\nReference: ${s.submissionId}\nFiles received: ${s.files.length}\n${s.payUrl ? `\nPay for your project: ${s.payUrl}\n` : ''}${s.roomUrl ? `\nYour project room (updates, previews, final files): ${s.roomUrl}\n` : ''}`,
    html: layout(
      'We received your project',
      `<p style="font-size:14px;line-height:1.5">Hi ${escapeHtml(s.name)}, thanks for submitting your project for <strong>${escapeHtml(s.serviceTitle)}</strong>. We'll review it and get back to you within 24 hours.</p>
${detailsTable([
  ['Reference', s.submissionId],
  ['Files received', String(s.files.length)],
])}${pay}${room}`,
    ),
  };
}

/** To the business inbox: every detail and the file list; replying answers the client. */
export function submissionNotice(s: SubmissionSummary & { to: string }): MailMessage {
  const fileLines = s.files.map((f) => `- ${f.originalName} (${size(f.sizeBytes)})`);
  const fileItems = s.files
    .map((f) => `<li>${escapeHtml(f.originalName)} (${size(f.sizeBytes)})</li>`)
    .join('');
  return {
    to: s.to,
    replyTo: s.email,
    subject: `New project: ${s.serviceTitle} from ${s.name}`.slice(0, 200),
    text: [
      `Service: ${s.serviceTitle}`,
      `From: ${s.name} <${s.email}>`,
      `Timeline: ${s.timeline ?? '-'}`,
      `Budget: ${s.budget ?? '-'}`,
      `Reference: ${s.submissionId}`,
      '',
      s.notes,
      '',
      `Files (${s.files.length}):`,
      ...fileLines,
    ].join('\n'),
    html: layout(
      'New project submission',
      `${detailsTable([
        ['Service', s.serviceTitle],
        ['From', `${s.name} <${s.email}>`],
        ['Timeline', s.timeline],
        ['Budget', s.budget],
        ['Reference', s.submissionId],
        ['Project details', s.notes],
      ])}
<p style="font-size:14px;margin:16px 0 4px">Files (${s.files.length}):</p>
<ul style="font-size:14px;margin:0">${fileItems || '<li>none</li>'}</ul>`,
    ),
  };
}
