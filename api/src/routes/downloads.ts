import { Readable } from 'node:stream';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { validate } from '../lib/validate.ts';
import { answers } from '../openapi/answers.ts';
import { checkDownloadLink } from '../services/submissions/check-download-link.ts';
import { openSubmissionFile } from '../services/submissions/open-submission-file.ts';

/** The query of a download link (services/submissions/create-download-link.ts). */
const linkQuery = z.object({
  expires: singleLine('expires').max(20).default(''),
  admin: singleLine('admin').max(64).default(''),
  token: singleLine('token').max(200).default(''),
});

/**
 * Downloads by signed link, mounted at /api/downloads: the browser navigates here without the
 * admin's bearer token (decision 029), and saves the file natively with its own progress. The
 * file streams from storage, the local disk or the bucket alike.
 */
export const downloadRoutes = new Hono<AppEnv>().get(
  '/submissions/:id/files/:fileId',
  answers({
    200: {
      mediaType: '*/*',
      description: 'The file as it was uploaded, with its stored type and name.',
    },
  }),
  validate('query', linkQuery),
  async (c) => {
    const { id, fileId } = c.req.param();
    await checkDownloadLink({
      db: c.var.db,
      secret: c.var.secret,
      id,
      fileId,
      query: c.req.valid('query'),
    });
    const file = await openSubmissionFile({ ...c.var, id, fileId });
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes),
      'Content-Disposition': contentDisposition(file.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // The link carries its token: never sent on as a Referer.
      'Referrer-Policy': 'no-referrer',
    });
  },
);
