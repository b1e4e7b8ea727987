import { signedLinkSchema } from '@studio/shared/schemas/admin-answers';
import {
  exportLinkSchema,
  orderExportQuerySchema,
  submissionExportQuerySchema,
} from '@studio/shared/schemas/exports';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { csvAnswer } from '../lib/csv.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { createExportLink } from '../services/exports/create-export-link.ts';
import { exportOrderLines } from '../services/exports/export-order-lines.ts';
import { exportOrders } from '../services/exports/export-orders.ts';
import { exportSubmissions } from '../services/exports/export-submissions.ts';
import { exportSubscribers } from '../services/exports/export-subscribers.ts';

/**
 * CSV exports with the bearer token (the desktop console saves these), mounted at
 * /api/admin/exports; the browser follows a signed link instead (routes/export-downloads.ts).
 * Each streams its rows from the database as the client reads (decision 034).
 */
/** Every export answers CSV, streamed. */
const csv = answers({ 200: { mediaType: 'text/csv', description: 'The rows as CSV, streamed.' } });

export const adminExportRoutes = new Hono<AdminEnv>()
  .get('/orders', csv, validate('query', orderExportQuerySchema), (c) =>
    csvAnswer(c, exportOrders({ db: c.var.db, query: c.req.valid('query') })),
  )
  .get('/order-lines', csv, validate('query', orderExportQuerySchema), (c) =>
    csvAnswer(c, exportOrderLines({ db: c.var.db, query: c.req.valid('query') })),
  )
  .get('/subscribers', csv, (c) => csvAnswer(c, exportSubscribers({ db: c.var.db })))
  .get('/submissions', csv, validate('query', submissionExportQuerySchema), (c) =>
    csvAnswer(c, exportSubmissions({ db: c.var.db, query: c.req.valid('query') })),
  )
  .post('/links', answers({ 200: signedLinkSchema }), validate('json', exportLinkSchema), (c) =>
    c.json(
      fits(
        signedLinkSchema,
        createExportLink({
          secret: c.var.secret,
          adminId: c.var.user.id,
          input: c.req.valid('json'),
        }),
      ),
      200,
    ),
  );
