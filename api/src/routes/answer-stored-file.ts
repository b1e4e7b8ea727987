import { pipeline } from 'node:stream/promises';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { lazyFileBody, sendFile } from '../lib/send-file.ts';
import { toWebStream } from '../lib/web-stream.ts';
import { sendDirectly } from '../middleware/send-directly.ts';
import {
  etagOf,
  RangeNotSatisfiable,
  type StoredFileDownload,
} from '../services/downloads/open-stored-file.ts';

/** The answer's headers: its size, validators, range and name. */
function fileHeaders(download: StoredFileDownload, disposition: 'attachment' | 'inline') {
  const { file, size, range } = download;
  return {
    'Content-Type': file.contentType,
    'Content-Length': String(range ? range.end - range.start + 1 : size),
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    'Accept-Ranges': 'bytes',
    ETag: etagOf(file),
    'Last-Modified': file.createdAt.toUTCString(),
    'Content-Disposition': disposition === 'inline' ? 'inline' : contentDisposition(file.name),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    // A signed link carries its token: never sent on as a Referer.
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * Answers a download opened by `openStoredFile` (decision 045): a 302 to the store's signed URL,
 * or 200/206 with the bytes. Over HTTP the bytes go straight to Node's response: a file of the
 * local disk read into reused buffers, else the store's stream piped (bench/download.ts).
 * `inline` (a preview the page plays) leaves the name out of `Content-Disposition`.
 */
export function answerStoredFile(
  c: Context<AppEnv>,
  download: StoredFileDownload,
  disposition: 'attachment' | 'inline' = 'attachment',
): Response {
  if (download.redirect)
    return c.body(null, 302, {
      Location: download.redirect,
      'Cache-Control': 'private, no-store',
      // The URL is signed: never sent on as a Referer.
      'Referrer-Policy': 'no-referrer',
    });
  const status = download.range ? 206 : 200;
  const headers = fileHeaders(download, disposition);
  const { stream, path, range } = download;
  if (path) {
    // Sent from the path straight to Node's response; the web stream is for other servers.
    const body = sendDirectly(c, lazyFileBody(path, range), (out) => sendFile(path, range, out));
    return c.body(body, status, headers);
  }
  if (!stream) return c.body(null, status, headers);
  const body = sendDirectly(c, toWebStream(stream), (out) => pipeline(stream, out));
  return c.body(body, status, headers);
}

/** A 416 with the size the client may ask within. */
export function answerUnsatisfiable(c: Context<AppEnv>, error: RangeNotSatisfiable): Response {
  return c.json({ message: error.message, code: error.code }, 416, {
    'Content-Range': `bytes */${error.size}`,
  });
}

/** Runs a download's handler, answering a range past the end with 416. */
export async function withRanges(
  c: Context<AppEnv>,
  handler: () => Promise<Response>,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiable)) throw error;
    return answerUnsatisfiable(c, error);
  }
}
