import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { csvAnswer } from '../lib/csv.ts';
import { validate } from '../lib/validate.ts';
import { answers } from '../openapi/answers.ts';
import { checkExportLink } from '../services/exports/check-export-link.ts';
import { openExport } from '../services/exports/open-export.ts';

const text = (name: string) => singleLine(name).max(200).optional();

/**
 * The query of an export link (services/exports/create-export-link.ts): the filter of any export
 * (the link's signature says which are its own) and the signature's parts.
 */
const linkQuery = z.object({
  status: text('status'),
  q: text('q'),
  sort: text('sort'),
  dir: text('dir'),
  paymentState: text('paymentState'),
  expires: singleLine('expires').max(20).default(''),
  admin: singleLine('admin').max(64).default(''),
  token: singleLine('token').max(200).default(''),
});

/**
 * CSV exports by signed link, mounted at /api/downloads/exports: the browser navigates here
 * without the admin's bearer token (decision 034) and saves the file natively, as it streams.
 */
export const exportDownloadRoutes = new Hono<AppEnv>().get(
  '/:kind',
  answers({ 200: { mediaType: 'text/csv', description: 'The export as CSV, streamed.' } }),
  validate('query', linkQuery),
  async (c) => {
    const request = await checkExportLink({
      db: c.var.db,
      secret: c.var.secret,
      kind: c.req.param('kind'),
      query: c.req.valid('query'),
    });
    return csvAnswer(c, openExport({ db: c.var.db, request }), {
      // The link carries its token: never sent on as a Referer.
      'Referrer-Policy': 'no-referrer',
    });
  },
);
