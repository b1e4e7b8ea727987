import { paymentMessages } from '@studio/shared/messages/payments';
import { projectMessages } from '@studio/shared/messages/projects';
import {
  type ProjectPaymentConfirmedAnswer,
  type ProjectPaymentPendingAnswer,
  paymentConfirmSchema,
  projectPaymentConfirmedAnswerSchema,
  projectPaymentPendingAnswerSchema,
} from '@studio/shared/schemas/payments';
import {
  type ProjectSubmissionResponse,
  projectSubmittedAnswerSchema,
  type SubmissionAnswer,
  submissionAnswerSchema,
} from '@studio/shared/schemas/project';
import { projectUploadsSubmissionSchema } from '@studio/shared/schemas/project-uploads';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { clientIp } from '../lib/client-ip.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { answers } from '../openapi/answers.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { confirmPayment } from '../services/payments/confirm-payment.ts';
import { refuseUnsettledPayment } from '../services/payments/refuse-unsettled-payment.ts';
import { invoiceRateLimit } from '../services/rate-limit/limit-by-account.ts';
import { paymentRateLimit, submissionRateLimit } from '../services/rate-limit/limit-by-ip.ts';
import { presentSubmission } from '../services/submissions/present-submission.ts';
import { submitProject } from '../services/submissions/submit-project.ts';
import { submitProjectUploads } from '../services/submissions/submit-project-uploads.ts';
import { tusUploads } from '../services/uploads/tus-uploads.ts';

/** The multipart form and the resumable uploads make the same submission. */
const submitted = answers({ 201: projectSubmittedAnswerSchema });
const invoicePdf = answers({
  200: { mediaType: 'application/pdf', description: "The paid project's invoice." },
});

export const projectRoutes = new Hono<AppEnv>()
  .post('/submit', submitted, submissionRateLimit, async (c) => {
    // Read the socket directly when served by Node: no web-stream copy, and a client that goes
    // away surfaces as an error at once.
    const body = c.env?.incoming ?? c.req.raw.body;
    if (!body) throw new ApiError('BAD_REQUEST', projectMessages.multipartRequired);
    const result = await submitProject({
      ...c.var,
      body,
      contentType: c.req.header('content-type') ?? '',
      userId: c.var.user?.id ?? null,
    });
    return c.json(result satisfies ProjectSubmissionResponse, 201);
  })
  // The same project from completed resumable uploads (routes/uploads.ts, decision 030).
  .post(
    '/submit-uploads',
    submitted,
    submissionRateLimit,
    validate('json', projectUploadsSubmissionSchema),
    async (c) => {
      const result = await submitProjectUploads({
        ...c.var,
        store: tusUploads(c.var).store,
        input: c.req.valid('json'),
        userId: c.var.user?.id ?? null,
      });
      return c.json(result satisfies ProjectSubmissionResponse, 201);
    },
  )
  .post(
    '/payment-confirm',
    answers({ 200: projectPaymentConfirmedAnswerSchema, 202: projectPaymentPendingAnswerSchema }),
    paymentRateLimit,
    validate('json', paymentConfirmSchema),
    async (c) => {
      const input = c.req.valid('json');
      const result = refuseUnsettledPayment(
        await confirmPayment({
          ...c.var,
          subject: { kind: 'submission', id: input.submissionId },
          caller: c.var.user,
          method: input.paymentMethod,
          reference: input.transactionId,
          clientAddress: clientIp(c),
        }),
      );
      return result.status === 'confirmed'
        ? c.json(
            {
              success: true as const,
              status: result.status,
              paymentId: result.paymentId,
              message: paymentMessages.confirmed,
            } satisfies ProjectPaymentConfirmedAnswer,
            200,
          )
        : c.json(
            {
              success: true as const,
              status: result.status,
              paymentId: result.paymentId,
              message: paymentMessages.pending,
            } satisfies ProjectPaymentPendingAnswer,
            202,
          );
    },
  )
  // Paying later from the e-mailed link. The id is the capability: not cached anywhere, since
  // the payment state changes and the URL should not sit in a shared cache.
  .get('/:id', answers({ 200: submissionAnswerSchema }), async (c) => {
    const submission = await presentSubmission({ db: c.var.db, id: c.req.param('id') });
    return c.json({ submission } satisfies SubmissionAnswer, 200, { 'Cache-Control': 'no-store' });
  })
  // A paid project's invoice, for the account that submitted it (decision 036).
  .get('/:id/invoice.pdf', invoicePdf, requireUser, invoiceRateLimit, async (c) => {
    const pdf = pdfDownload(
      await openInvoice({
        ...c.var,
        subject: { kind: 'submission', id: c.req.param('id') },
        ownerId: c.var.user.id,
      }),
    );
    return c.body(pdf.body, 200, pdf.headers);
  });
