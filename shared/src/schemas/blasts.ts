import { z } from 'zod';
import { limits } from '../limits.ts';
import { blastMessages as m } from '../messages/blasts.ts';
import { multiLine } from './text.ts';

export const blastSubjectMax = 200;
export const blastMessageMax = 20_000;

const isAddress = (v: string) => v.length <= 254 && limits.emailPattern.test(v);

/**
 * The recipients box (spec 5): entries split on commas and newlines, trimmed, lower-cased and
 * deduplicated; only entries shaped like an address are `valid`, the rest are listed in `invalid`.
 * The form disables Send while `valid` is empty; the API refuses such a blast.
 */
export function parseRecipients(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const raw of text.split(/[,\r\n]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    (isAddress(entry) ? valid : invalid).add(entry);
  }
  return { valid: [...valid], invalid: [...invalid] };
}

/** A CSV cell without its quotes; `Name <a@b.c>` becomes `a@b.c`. */
function cleanCell(cell: string): string {
  const unquoted = cell.trim().replace(/^["'\s]+|["'\s]+$/g, '');
  const angled = unquoted.match(/<([^<>\s]+)>/);
  return (angled?.[1] ?? unquoted).trim().toLowerCase();
}

/**
 * The addresses in the text of an uploaded .txt or .csv list: lines split on commas, semicolons
 * and tabs, quotes stripped. A first line holding no address is a header and ignored. A line of
 * one cell is one entry; on a line of several cells (name, e-mail, ...) only the cells holding an
 * `@` are entries, and a line with none counts as one invalid entry. Deduplicated.
 */
export function extractListAddresses(content: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid = new Set<string>();
  let first = true;
  for (const line of content.split(/\r\n|\r|\n/)) {
    const cells = line
      .split(/[,;\t]/)
      .map(cleanCell)
      .filter((c) => c !== '');
    if (cells.length === 0) continue;
    const withAt = cells.filter((c) => c.includes('@'));
    if (first) {
      first = false;
      if (withAt.length === 0) continue;
    }
    const entries = cells.length === 1 ? cells : withAt;
    if (entries.length === 0) invalid.add(line.trim().slice(0, 100));
    for (const entry of entries) (isAddress(entry) ? valid : invalid).add(entry.slice(0, 254));
  }
  return { valid: [...valid], invalid: [...invalid] };
}

/** Subject and recipients: multi-line on purpose, a pasted subject's breaks are joined below. */
const requiredText = (field: string) =>
  multiLine(field, { error: m.required }).trim().min(1, { error: m.required, abort: true });

/**
 * The text fields of POST /api/events/admin/send-email-blast (multipart) and of the Mass Email
 * form. `subject` comes first so that an empty subject is reported as "required" before the
 * recipients are judged.
 */
export const emailBlastSchema = z.object({
  subject: requiredText('Subject')
    .max(blastSubjectMax, { error: m.subjectTooLong })
    // One header line: no line breaks from a pasted subject.
    .transform((v) => v.replace(/\s+/g, ' ')),
  emails: requiredText('Recipients').refine((v) => parseRecipients(v).valid.length > 0, {
    error: m.noValidRecipients,
  }),
  // The rule turns the CRLF line breaks browsers send into LF.
  message: multiLine('Message')
    .max(blastMessageMax, { error: m.messageTooLong })
    .optional()
    .transform((v) => v?.trim() || undefined),
});
export type EmailBlastInput = z.output<typeof emailBlastSchema>;

/** POST /api/admin/subscribers/import: the text of the chosen .txt or .csv file. */
export const subscriberImportSchema = z.object({
  content: multiLine('The list', { error: m.importContentRequired })
    .min(1, { error: m.importContentRequired, abort: true })
    .max(limits.maxJsonBytes, { error: m.importTooLarge }),
});
export type SubscriberImportInput = z.output<typeof subscriberImportSchema>;

/** POST /api/admin/subscribers/import: what the list did, with up to 10 invalid entries. */
export const subscriberImportAnswerSchema = z.object({
  added: z.number().int().min(0),
  alreadySubscribed: z.number().int().min(0),
  /** Addresses that unsubscribed, left so: a list upload is not their consent. */
  unsubscribed: z.number().int().min(0),
  invalid: z.number().int().min(0),
  invalidSamples: z.array(z.string()).max(10),
});
export type SubscriberImportAnswer = z.infer<typeof subscriberImportAnswerSchema>;

/** GET /api/contact/subscribers: the active subscribers' addresses, oldest first. */
export const subscriberListAnswerSchema = z.object({
  subscribers: z.array(z.string()),
  count: z.number().int().min(0),
});
export type SubscriberListAnswer = z.infer<typeof subscriberListAnswerSchema>;

export const blastStatuses = ['queued', 'sending', 'done'] as const;
export type BlastStatus = (typeof blastStatuses)[number];
/**
 * `sending`: handed to the mail server, outcome not yet recorded; `unknown`: an attempt whose
 * outcome was lost (maybe delivered), sent again only when an admin resends it.
 */
export const blastRecipientStatuses = [
  'pending',
  'sent',
  'failed',
  'skipped',
  'sending',
  'unknown',
] as const;
export type BlastRecipientStatus = (typeof blastRecipientStatuses)[number];
