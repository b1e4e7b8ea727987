import { limits } from '@studio/shared/limits';
import { httpMessages } from '@studio/shared/messages/http';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';

const jsonType = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const formType = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * RFC 8058 one-click unsubscribe, and the newsletter's confirmation page (whose button a browser
 * sends as an empty form), post a small form, not JSON.
 */
const formPaths = new Set(['/api/contact/unsubscribe', '/api/contact/newsletter/confirm']);

const limitJson = bodyLimit({
  maxSize: limits.maxJsonBytes,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', httpMessages.payloadTooLarge);
  },
});

/**
 * Every request body on the API is JSON (415 otherwise) of at most 1 MB (413), except
 * multipart uploads and tus PATCHes, whose routes stream and limit their own bodies.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  // Reads carry no body; asking for `c.req.raw.body` would build a full Request object.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const type = c.req.header('content-type') ?? '';
  // Checked before touching `body`: reading it would start buffering the upload.
  if (/^multipart\/form-data/i.test(type)) return next();
  // A tus PATCH carries the file's bytes; the tus server limits them to the upload's size.
  if (
    /^application\/offset\+octet-stream\s*$/i.test(type) &&
    c.req.path.startsWith('/api/uploads/')
  )
    return next();
  if (c.req.raw.body === null) return next();
  const length = c.req.header('content-length');
  const empty = length === '0' || (length === undefined && !c.req.header('transfer-encoding'));
  // A bodiless POST (logout) carries no type; that is not a wrong type.
  if (type === '' && empty) return next();
  if (formPaths.has(c.req.path) && formType.test(type)) return limitJson(c, next);
  if (!jsonType.test(type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType);
  }
  return limitJson(c, next);
});
