import { z } from 'zod';
import { limits } from '../limits.ts';
import { contactMessages } from '../messages/contact.ts';
import { newsletterMessages } from '../messages/newsletter.ts';
import { multiLine, singleLine } from './text.ts';

const m = contactMessages;

function text(field: string, message: string, max: number, lines: 'single' | 'multi' = 'single') {
  return (lines === 'multi' ? multiLine : singleLine)(field, { error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Must be at most ${max} characters` });
}

function email(required: string, invalid: string) {
  return text('Email', required, 254)
    .regex(limits.emailPattern, { error: invalid })
    .transform((v) => v.toLowerCase());
}

/** The landing page's form: all four fields required (spec 5). */
export const landingContactSchema = z.object({
  name: text('Name', m.nameRequired, 200),
  email: email(m.emailRequired, m.emailInvalid),
  subject: text('Subject', m.subjectRequired, 200),
  message: text('Message', m.messageRequired, 5000, 'multi'),
});

/**
 * The pitch (/event-space) and promo (/minecraft) forms: a fixed subject and recipient, and one
 * message for any empty field (spec 5).
 */
export const pitchContactSchema = z.object({
  name: text('Name', m.fillAllFields, 200),
  email: email(m.fillAllFields, m.emailInvalid),
  message: text('Message', m.fillAllFields, 5000, 'multi'),
  subject: singleLine('Subject').trim().max(200).optional(),
  recipient: singleLine('Recipient').trim().toLowerCase().max(254),
});

/**
 * POST /api/contact: a body naming a recipient is a pitch/promo form, else the landing form;
 * each is checked by its own rules and messages.
 */
export const contactSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...body, form: 'recipient' in body && body.recipient !== undefined ? 'pitch' : 'landing' }
      : body,
  z.discriminatedUnion('form', [
    pitchContactSchema.extend({ form: z.literal('pitch') }),
    landingContactSchema.extend({ form: z.literal('landing') }),
  ]),
);
export type ContactInput = z.output<typeof contactSchema>;

/** POST /api/contact/newsletter. */
export const newsletterSchema = z.object({
  email: singleLine('Email', { error: newsletterMessages.emailRequired })
    .trim()
    .min(1, { error: newsletterMessages.emailRequired, abort: true })
    .regex(limits.emailPattern, { error: newsletterMessages.emailInvalid })
    .max(254, { error: newsletterMessages.emailInvalid })
    .transform((v) => v.toLowerCase()),
});
