import { z } from 'zod';
import { limits } from '../limits.ts';
import { eventMessages as m } from '../messages/events.ts';
import { imageVariantsSchema, isoDateTime } from './answers.ts';
import { multiLine, singleLine } from './text.ts';

const dateText =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO date (`2025-06-01`), a datetime-local value (`2025-06-01T19:30`) or a full ISO
 * timestamp with `Z` or an offset. Without a zone the value is read as UTC, the zone the public
 * list uses for "today or later"; the admin form sends an offset when it knows the browser's zone.
 * Null for anything else, including impossible dates such as 2025-02-30 (which `Date` would roll
 * over into March).
 */
export function parseEventDate(text: string): Date | null {
  const match = dateText.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  // Postgres and `Date.UTC` both misread years below 1000 (0 does not exist in Postgres).
  if (year < 1000 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59)
    return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(-2));
    if (oh > 14 || om > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return new Date(utc - offsetMinutes * 60_000);
}

function required(field: string, message: string, lines: 'single' | 'multi' = 'single') {
  return (lines === 'multi' ? multiLine : singleLine)(field, { error: message })
    .trim()
    .min(1, { error: message, abort: true });
}

/** An optional text field: absent or blank becomes null. */
function optionalText(field: string) {
  return singleLine(field)
    .trim()
    .optional()
    .transform((v) => v || null);
}

/**
 * The text fields of the admin event form (multipart on POST and PUT /api/events/admin), in the
 * form's order: the first issue is the message shown. The flyer is a file, checked apart
 * (`eventFlyerProblem` in the browser, by content on the server).
 */
export const eventFormSchema = z.object({
  title: required('Title', m.titleRequired).max(200, { error: m.titleTooLong }),
  // The rule turns the CRLF line breaks browsers send into LF.
  description: required('Description', m.descriptionRequired, 'multi').max(5000, {
    error: m.descriptionTooLong,
  }),
  date: required('Date', m.dateRequired).transform((value, ctx) => {
    const date = parseEventDate(value);
    if (!date) {
      ctx.issues.push({ code: 'custom', message: m.dateInvalid, input: value });
      return z.NEVER;
    }
    return date;
  }),
  location: optionalText('Location').pipe(
    z.string().max(200, { error: m.locationTooLong }).nullable(),
  ),
  ticketLink: optionalText('Ticket link').pipe(
    z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: m.ticketLinkInvalid })
      .max(2048, { error: m.ticketLinkInvalid })
      .nullable(),
  ),
});
export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormValues = z.output<typeof eventFormSchema>;

export const eventFlyerMaxBytes = limits.maxImageBytes;

/**
 * The browser's check of the chosen flyer, with the server's messages. The browser can only read
 * the declared type; the server judges the bytes themselves.
 */
export function eventFlyerProblem(
  file: { size: number; type: string } | null | undefined,
  mode: 'create' | 'edit',
): string | null {
  if (!file) return mode === 'create' ? m.flyerRequired : null;
  if (file.type !== 'image/jpeg') return m.flyerNotJpeg;
  if (file.size > eventFlyerMaxBytes) return m.flyerTooLarge;
  return null;
}

/** An event as the public list shows it; `flyer` is its image's URL under /api/media. */
export const publicEventSchema = z.object({
  id: z.uuid(),
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  date: isoDateTime,
  location: z.string().nullable(),
  ticketLink: z.string().nullable(),
  flyer: z.string().nullable(),
  /** Size and AVIF/WebP/JPEG srcsets of the flyer, for `<picture>`; null when there are none. */
  flyerImage: imageVariantsSchema.nullable(),
});
export type PublicEventAnswer = z.infer<typeof publicEventSchema>;

/** GET /api/events: events dated today or later, soonest first. */
export const eventListAnswerSchema = z.object({ events: z.array(publicEventSchema) });
export type EventListAnswer = z.infer<typeof eventListAnswerSchema>;
