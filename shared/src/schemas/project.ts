import { z } from 'zod';
import { limits } from '../limits.ts';
import { projectMessages } from '../messages/projects.ts';
import { isoDateTime } from './answers.ts';
import { multiLine, singleLine } from './text.ts';

const m = projectMessages;

function required(field: string, message: string, lines: 'single' | 'multi' = 'single') {
  return (lines === 'multi' ? multiLine : singleLine)(field, { error: message })
    .trim()
    .min(1, { error: message, abort: true });
}

/**
 * The text fields of a project submission (multipart), in the spec's order of checks
 * (section 5, Project form): the first issue is the message shown.
 */
export const projectSubmissionSchema = z.object({
  name: required('Name', m.nameRequired).max(200, { error: 'Name must be at most 200 characters' }),
  email: required('Email', m.emailRequired)
    .regex(limits.emailPattern, { error: m.emailInvalid })
    .max(254, { error: m.emailInvalid })
    .transform((v) => v.toLowerCase()),
  /** The service's title (as the spec sends it), SKU or id. */
  service: required('Service', m.serviceRequired).max(200, { error: m.serviceRequired }),
  notes: required('Project details', m.notesRequired, 'multi')
    .min(limits.notesMin, { error: m.notesTooShort })
    .max(10_000, { error: 'Project details must be at most 10,000 characters' }),
  timeline: singleLine('Timeline')
    .trim()
    .max(200, { error: 'Timeline must be at most 200 characters' })
    .optional()
    .transform((v) => v || null),
  budget: singleLine('Budget')
    .trim()
    .max(200, { error: 'Budget must be at most 200 characters' })
    .optional()
    .transform((v) => v || null),
});
export type ProjectSubmissionInput = z.input<typeof projectSubmissionSchema>;

/** POST /api/projects/submit and /api/projects/submit-uploads (201): the new submission. */
export const projectSubmittedAnswerSchema = z.object({
  submissionId: z.uuid(),
  message: z.string(),
  service: z.object({
    id: z.uuid(),
    title: z.string(),
    /** Whether it can be paid online now (else the studio quotes it). */
    hasPaymentPrice: z.boolean(),
  }),
});
export type ProjectSubmissionResponse = z.infer<typeof projectSubmittedAnswerSchema>;

/** Where a submission's payment stands. */
export const paymentStates = ['unpaid', 'pending', 'paid', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];

/**
 * A submission as its pay-later page shows it (the id is the capability): never the e-mail
 * address, notes or files. Prices are null when the service has no payment price.
 */
export const publicSubmissionSchema = z.object({
  id: z.uuid(),
  serviceTitle: z.string(),
  serviceSku: z.string(),
  name: z.string(),
  paymentState: z.enum(paymentStates),
  paid: z.boolean(),
  payable: z.boolean(),
  createdAt: isoDateTime,
  subtotalCents: z.number().int().nullable(),
  taxCents: z.number().int().nullable(),
  totalCents: z.number().int().nullable(),
  subtotal: z.string().nullable(),
  tax: z.string().nullable(),
  total: z.string().nullable(),
});

/** GET /api/projects/:id */
export const submissionAnswerSchema = z.object({ submission: publicSubmissionSchema });
export type SubmissionAnswer = z.infer<typeof submissionAnswerSchema>;
