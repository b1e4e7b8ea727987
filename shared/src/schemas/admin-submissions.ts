import { z } from 'zod';
import { workStatuses } from '../project-room.ts';
import { count, instant, pageFields, rowId } from './admin-answers.ts';
import { paymentStatuses, refundSummarySchema } from './admin-refunds.ts';
import { paymentMethods } from './payments.ts';

/** Where a project submission's payment stands; `refunded`: all of it given back. */
export const submissionPaymentStates = ['unpaid', 'pending', 'paid', 'refunded'] as const;

/** Who or what moved a payment: its quote, the customer's browser, a job, a webhook, an admin. */
export const paymentEventSources = ['quote', 'client', 'job', 'webhook', 'admin'] as const;

/** GET /api/admin/submissions */
export const adminSubmissionListSchema = z.object({
  submissions: z.array(
    z.object({
      id: rowId,
      name: z.string(),
      email: z.string(),
      paymentState: z.enum(submissionPaymentStates),
      workStatus: z.enum(workStatuses),
      createdAt: instant,
      paidAt: instant.nullable(),
      service: z.string(),
      serviceSku: z.string(),
      fileCount: count,
    }),
  ),
  ...pageFields,
});

/** GET /api/admin/submissions/:id: the submission, its files, payments and refunds. */
export const adminSubmissionSchema = z.object({
  submission: z.object({
    id: rowId,
    name: z.string(),
    email: z.string(),
    serviceId: rowId,
    notes: z.string(),
    timeline: z.string().nullable(),
    budget: z.string().nullable(),
    /** Set when the visitor was signed in. */
    userId: rowId.nullable(),
    paymentState: z.enum(submissionPaymentStates),
    paidAt: instant.nullable(),
    /** Where the work stands (the project room, issue 26). */
    workStatus: z.enum(workStatuses),
    createdAt: instant,
    updatedAt: instant,
    service: z.object({ id: rowId, title: z.string(), sku: z.string() }),
  }),
  files: z.array(
    z.object({
      id: rowId,
      originalName: z.string(),
      contentType: z.string(),
      sizeBytes: count,
      /** The file with the bearer token. */
      downloadUrl: z.string(),
    }),
  ),
  refunds: refundSummarySchema,
  payments: z.array(
    z.object({
      id: rowId,
      method: z.enum(paymentMethods),
      status: z.enum(paymentStatuses),
      amountCents: z.int(),
      /** Crypto: the amount due in base units, as an exact integer in decimal. */
      amountBaseUnits: z.string().nullable(),
      currency: z.string(),
      externalId: z.string().nullable(),
      failureReason: z.string().nullable(),
      createdAt: instant,
      confirmedAt: instant.nullable(),
      history: z.array(
        z.object({
          from: z.enum(paymentStatuses).nullable(),
          to: z.enum(paymentStatuses),
          source: z.enum(paymentEventSources),
          at: instant,
          detail: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
});
