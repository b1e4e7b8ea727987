import { randomBytes } from 'node:crypto';
import { downloadLimits, formatBytes } from '@studio/shared/downloads';
import type { ErrorCode } from '@studio/shared/errors';
import { limits } from '@studio/shared/limits';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { httpMessages } from '@studio/shared/messages/http';
import { projectMessages } from '@studio/shared/messages/projects';
import { uploadMessages } from '@studio/shared/messages/uploads';
import {
  type UploadDraftResponse,
  type UploadStateAnswer,
  uploadDraftAnswerSchema,
  uploadStateAnswerSchema,
} from '@studio/shared/schemas/project-uploads';
import { Metadata } from '@tus/server';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { cleanFileName, withoutUnsafeCharacters } from '../lib/file-names.ts';
import { answers } from '../openapi/answers.ts';
import { draftRateLimit, uploadRateLimit } from '../services/rate-limit/limit-by-ip.ts';
import { createUploadDraft } from '../services/uploads/create-upload-draft.ts';
import { findDraft } from '../services/uploads/find-draft.ts';
import { findDraftUpload } from '../services/uploads/find-draft-upload.ts';
import { forgetUpload } from '../services/uploads/forget-upload.ts';
import { startUpload } from '../services/uploads/start-upload.ts';
import { idsByRequest, tusUploads } from '../services/uploads/tus-uploads.ts';

/** The header that names the draft on every tus request (tus-js-client's `headers`). */
export const DRAFT_HEADER = 'Upload-Draft';

/** tus's own refusals (plain text) in the API's error body; ours are JSON already. */
const tusErrors: Record<number, [ErrorCode, string]> = {
  400: ['BAD_REQUEST', httpMessages.badRequest],
  404: ['NOT_FOUND', uploadMessages.uploadNotFound],
  409: ['CONFLICT', uploadMessages.offsetConflict],
  410: ['NOT_FOUND', uploadMessages.uploadNotFound],
  412: ['BAD_REQUEST', httpMessages.badRequest],
  413: ['PAYLOAD_TOO_LARGE', projectMessages.filesTooLarge(1)],
};

/** Hands the request to the tus server; its errors come back as `{ message, code }`. */
async function tus(c: Context<AppEnv>): Promise<Response> {
  const res = await tusUploads(c.var).server.handleWeb(c.req.raw);
  if (res.status < 400) return res;
  const text = await res.text();
  let body: { message?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // tus's plain text
  }
  if (typeof body?.message !== 'string') {
    const [code, message] = tusErrors[res.status] ?? ['INTERNAL', httpMessages.internal];
    if (res.status >= 500) c.var.log.error({ status: res.status, text }, 'tus upload failed');
    else c.var.log.info({ status: res.status, text }, 'tus refusal');
    body = { message, code };
  }
  const headers = new Headers(res.headers);
  headers.set('Content-Type', 'application/json');
  headers.delete('Content-Length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** The draft and its upload a request names, or the refusal (403, 404). */
async function ownUpload(c: Context<AppEnv>, id: string) {
  return findDraftUpload({ db: c.var.db, token: c.req.header(DRAFT_HEADER), id });
}

/** The visitor's file name from tus metadata (`filename`), cleaned as multipart names are. */
function fileName(c: Context<AppEnv>): string {
  const header = c.req.header('upload-metadata');
  let parsed: Record<string, string | null> = {};
  try {
    parsed = header ? Metadata.parse(header) : {};
  } catch {
    throw new ApiError('BAD_REQUEST', httpMessages.badRequest);
  }
  const sent = parsed.filename;
  // Browsers send base names only: a path in the name is a crafted request (as multipart).
  if (sent && /[\\/]|^\.\.?$/.test(sent)) {
    const shown = withoutUnsafeCharacters(sent);
    throw new ApiError('BAD_REQUEST', uploadMessages.fileNameRefused(shown));
  }
  return cleanFileName(sent ?? undefined);
}

/** tus's own answers carry no body: what they say is in their headers. */
const tusAnswers = {
  created: answers({ 201: { description: 'Created (tus): `Location` names the new upload.' } }),
  stored: answers({ 204: { description: 'Stored (tus): `Upload-Offset` says how far it got.' } }),
  cancelled: answers({ 204: { description: 'Cancelled (tus): its bytes and its row are gone.' } }),
};

/**
 * Resumable project uploads on the tus protocol (decision 030): a draft first, then per file a
 * creation (POST), where-is-it (HEAD), bytes (PATCH) and cancel (DELETE). The site then submits
 * the project from the completed uploads (POST /api/projects/submit-uploads).
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/drafts', answers({ 201: uploadDraftAnswerSchema }), draftRateLimit, async (c) => {
    const draft = await createUploadDraft({ db: c.var.db });
    return c.json(draft satisfies UploadDraftResponse, 201);
  })
  .post('/', tusAnswers.created, uploadRateLimit, async (c) => {
    const { db } = c.var;
    const draft = await findDraft({ db, token: c.req.header(DRAFT_HEADER) });
    const length = c.req.header('upload-length');
    if (!length || !/^\d{1,16}$/.test(length)) {
      throw new ApiError('BAD_REQUEST', uploadMessages.lengthRequired);
    }
    const size = Number(length);
    const name = fileName(c);
    // The spec's limit: each file under 400MB (419430400 bytes), as multipart. An admin's file
    // for a digital product or a project version: under 8 GiB (decisions 045, 046).
    if (draft.purpose !== 'project') {
      if (size >= downloadLimits.maxFileBytes)
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          downloadMessages.fileTooLarge(formatBytes(downloadLimits.maxFileBytes)),
        );
    } else if (size >= limits.maxFileBytes) {
      throw new ApiError('PAYLOAD_TOO_LARGE', projectMessages.filesTooLarge(1));
    }
    if (size === 0) throw new ApiError('BAD_REQUEST', uploadMessages.emptyFile(name));
    const id = randomBytes(16).toString('hex');
    await startUpload({ db, draftId: draft.id, id, name, sizeBytes: size });
    idsByRequest.set(c.req.raw, id);
    const res = await tus(c);
    if (res.status !== 201) await forgetUpload({ db, id });
    return res;
  })
  // HEAD (Hono answers HEAD with the GET route) is tus's "where is it"; GET its state as JSON.
  .get('/:id', answers({ 200: uploadStateAnswerSchema }), async (c) => {
    const upload = await ownUpload(c, c.req.param('id'));
    if (c.req.method === 'HEAD') return tus(c);
    const stored = await tusUploads(c.var)
      .store.getUpload(upload.id)
      .catch(() => null);
    return c.json(
      {
        id: upload.id,
        name: upload.originalName,
        size: upload.sizeBytes,
        offset: stored?.offset ?? 0,
        received: upload.receivedBytes,
        complete: upload.completedAt !== null,
        submitted: upload.submissionId !== null,
      } satisfies UploadStateAnswer,
      200,
      { 'Cache-Control': 'no-store' },
    );
  })
  .patch('/:id', tusAnswers.stored, async (c) => {
    const upload = await ownUpload(c, c.req.param('id'));
    if (upload.submissionId)
      throw new ApiError('CONFLICT', uploadMessages.alreadyUsed(upload.originalName));
    return tus(c);
  })
  .delete('/:id', tusAnswers.cancelled, async (c) => {
    const upload = await ownUpload(c, c.req.param('id'));
    if (upload.submissionId)
      throw new ApiError('CONFLICT', uploadMessages.alreadyUsed(upload.originalName));
    const res = await tus(c);
    // Its data already gone (expired) is cancelled all the same.
    const gone = res.status === 404 || res.status === 410;
    if (res.status === 204 || gone) await forgetUpload({ db: c.var.db, id: upload.id });
    return gone ? new Response(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0' } }) : res;
  });
