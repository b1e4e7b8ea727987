import { Readable } from 'node:stream';
import { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { signedLinkSchema } from '@studio/shared/schemas/admin-answers';
import {
  adminSubmissionListSchema,
  adminSubmissionSchema,
} from '@studio/shared/schemas/admin-submissions';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { createDownloadLink } from '../services/submissions/create-download-link.ts';
import { getSubmission } from '../services/submissions/get-submission.ts';
import { listSubmissions } from '../services/submissions/list-submissions.ts';
import { openSubmissionFile } from '../services/submissions/open-submission-file.ts';

const invoicePdf = answers({
  200: { mediaType: 'application/pdf', description: 'The invoice, a PDF file.' },
});
const uploadedFile = answers({
  200: { mediaType: '*/*', description: 'The file as it was uploaded, with its own content type.' },
});

export const adminSubmissionRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: adminSubmissionListSchema }),
    validate('query', adminSubmissionsQuerySchema),
    async (c) =>
      c.json(
        fits(
          adminSubmissionListSchema,
          await listSubmissions({ db: c.var.db, query: c.req.valid('query') }),
        ),
        200,
      ),
  )
  .get('/:id', answers({ 200: adminSubmissionSchema }), async (c) =>
    c.json(
      fits(adminSubmissionSchema, await getSubmission({ db: c.var.db, id: c.req.param('id') })),
      200,
    ),
  )
  // Any paid submission's invoice (decision 036).
  .get('/:id/invoice.pdf', invoicePdf, async (c) => {
    const pdf = pdfDownload(
      await openInvoice({
        ...c.var,
        subject: { kind: 'submission', id: c.req.param('id') },
        ownerId: null,
      }),
    );
    return c.body(pdf.body, 200, pdf.headers);
  })
  // A link the browser follows to download natively (routes/downloads.ts, decision 029).
  .post('/:id/files/:fileId/link', answers({ 200: signedLinkSchema }), async (c) =>
    c.json(
      fits(
        signedLinkSchema,
        await createDownloadLink({
          db: c.var.db,
          secret: c.var.secret,
          id: c.req.param('id'),
          fileId: c.req.param('fileId'),
          adminId: c.var.user.id,
        }),
      ),
      200,
    ),
  )
  // The file itself with the bearer token (the desktop console, scripts).
  .get('/:id/files/:fileId', uploadedFile, async (c) => {
    const file = await openSubmissionFile({
      ...c.var,
      id: c.req.param('id'),
      fileId: c.req.param('fileId'),
    });
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes),
      'Content-Disposition': contentDisposition(file.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
