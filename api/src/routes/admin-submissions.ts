import { Readable } from 'node:stream';
import { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { getSubmission } from '../services/submissions/get-submission.ts';
import { listSubmissions } from '../services/submissions/list-submissions.ts';
import { openSubmissionFile } from '../services/submissions/open-submission-file.ts';

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const adminSubmissionRoutes = new Hono<AdminEnv>()
  .get('/', validate('query', adminSubmissionsQuerySchema), async (c) =>
    c.json(await listSubmissions({ db: c.var.db, query: c.req.valid('query') }), 200),
  )
  .get('/:id', async (c) =>
    c.json(await getSubmission({ db: c.var.db, id: c.req.param('id') }), 200),
  )
  .get('/:id/files/:fileId', async (c) => {
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
