import {
  blastListSchema,
  blastProgressSchema,
  blastResendSchema,
  blastRetrySchema,
  blastSendingSchema,
  blastSentSchema,
} from '@studio/shared/schemas/admin-blasts';
import { paginationSchema } from '@studio/shared/schemas/pagination';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { createBlast } from '../services/blasts/create-blast.ts';
import { getBlastProgress } from '../services/blasts/get-blast-progress.ts';
import { listBlasts } from '../services/blasts/list-blasts.ts';
import { resendUnknown } from '../services/blasts/resend-unknown.ts';
import { retryBlast } from '../services/blasts/retry-blast.ts';
import { waitForBlast } from '../services/blasts/wait-for-blast.ts';

/**
 * How long the send call waits for the blast to finish. The spec's form reads sentCount and
 * failedCount from the answer, with a 30 s client timeout; a longer blast answers 202 and is
 * followed in the history.
 */
const SEND_WAIT_MS = 10_000;

/**
 * Mass e-mail, mounted at /api: the spec's send call under /events/admin, progress, history,
 * retries and resends under /admin. Both prefixes require an admin (app.ts).
 */
/** Finished within the wait: the spec's counts; else 202, followed in the history. */
const sent = answers({ 200: blastSentSchema, 202: blastSendingSchema });

export const emailBlastRoutes = new Hono<AppEnv>()
  .post('/events/admin/send-email-blast', sent, async (c) => {
    const { blastId } = await createBlast({
      ...c.var,
      // Read the socket directly when served by Node (see routes/projects.ts).
      body: c.env?.incoming ?? c.req.raw.body,
      contentType: c.req.header('content-type') ?? '',
      actorId: c.var.user?.id ?? null,
    });
    const blast = await waitForBlast({
      db: c.var.db,
      blastId,
      timeoutMs: SEND_WAIT_MS,
      shutdown: c.var.shutdown,
    });
    if (blast.status === 'done') {
      const { sentCount, failedCount, skippedCount } = blast;
      return c.json(fits(blastSentSchema, { sentCount, failedCount, skippedCount, blastId }), 200);
    }
    const { status, sentCount, failedCount, total } = blast;
    return c.json(
      fits(blastSendingSchema, { blastId, status, sentCount, failedCount, total }),
      202,
    );
  })
  .get(
    '/admin/email-blasts',
    answers({ 200: blastListSchema }),
    validate('query', paginationSchema),
    async (c) =>
      c.json(
        fits(blastListSchema, await listBlasts({ db: c.var.db, query: c.req.valid('query') })),
        200,
      ),
  )
  .get('/admin/email-blasts/:id', answers({ 200: blastProgressSchema }), async (c) =>
    c.json(
      fits(
        blastProgressSchema,
        await getBlastProgress({ db: c.var.db, blastId: c.req.param('id') }),
      ),
      200,
    ),
  )
  .post('/admin/email-blasts/:id/retry', answers({ 202: blastRetrySchema }), async (c) =>
    c.json(
      fits(
        blastRetrySchema,
        await retryBlast({
          db: c.var.db,
          jobs: c.var.jobs,
          blastId: c.req.param('id'),
          actorId: c.var.user?.id ?? null,
        }),
      ),
      202,
    ),
  )
  // Maybe mailed already: only on an admin's word, never by the job itself.
  .post('/admin/email-blasts/:id/resend-unknown', answers({ 202: blastResendSchema }), async (c) =>
    c.json(
      fits(
        blastResendSchema,
        await resendUnknown({
          db: c.var.db,
          jobs: c.var.jobs,
          blastId: c.req.param('id'),
          actorId: c.var.user?.id ?? null,
        }),
      ),
      202,
    ),
  );
