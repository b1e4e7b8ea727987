import { type ApiErrorBody, type ErrorCode, errorStatus } from '@studio/shared/errors';
import { authMessages } from '@studio/shared/messages/auth';
import { httpMessages } from '@studio/shared/messages/http';
import { inputMessages } from '@studio/shared/messages/input';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.ts';
import { ApiError } from './api-error.ts';
import { databaseUnavailableCause, unstorableTextCause } from './pg-errors.ts';

/** What a client told 503 for want of the database is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function answer(
  c: Context<AppEnv>,
  code: ErrorCode,
  message: string,
  issues?: ApiErrorBody['issues'],
) {
  const body: ApiErrorBody = issues ? { message, code, issues } : { message, code };
  return c.json(body, errorStatus[code] as ContentfulStatusCode);
}

/** Hono's own exceptions (malformed JSON, body limits) in our closed set of codes. */
function fromHttpException(error: HTTPException): [ErrorCode, string] {
  switch (error.status) {
    case 400:
      return /json/i.test(error.message)
        ? ['MALFORMED_JSON', httpMessages.malformedJson]
        : ['BAD_REQUEST', error.message || httpMessages.badRequest];
    case 401:
      return ['UNAUTHORIZED', authMessages.notSignedIn];
    case 403:
      return ['FORBIDDEN', authMessages.forbidden];
    case 404:
      return ['NOT_FOUND', httpMessages.notFound];
    case 413:
      return ['PAYLOAD_TOO_LARGE', httpMessages.payloadTooLarge];
    case 415:
      return ['UNSUPPORTED_MEDIA_TYPE', httpMessages.unsupportedMediaType];
    default:
      return error.status >= 500
        ? ['INTERNAL', httpMessages.internal]
        : ['BAD_REQUEST', error.message || httpMessages.badRequest];
  }
}

/**
 * The one place errors become responses. A database that cannot be reached (refused, reset,
 * shutting down, a connect or statement timeout) is a 503 with Retry-After: the request may
 * succeed later. Anything else not ours is logged with the request id and answered with a
 * generic 500: no stack trace or SQL reaches a client.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof ApiError) {
    if (error.retryAfterSeconds) {
      c.header('Retry-After', String(error.retryAfterSeconds));
    }
    return answer(c, error.code, error.message, error.issues);
  }
  if (error instanceof HTTPException) {
    const [code, message] = fromHttpException(error);
    if (errorStatus[code] >= 500) c.var.log.error({ err: error }, 'http exception');
    return answer(c, code, message);
  }
  const unavailable = databaseUnavailableCause(error);
  if (unavailable) {
    // One short line per request (the driver's code and words, not the SQL and its parameters):
    // during an outage there are many, all alike.
    c.var.log.warn(
      { requestId: c.var.requestId, code: unavailable.code, reason: unavailable.message },
      'database unavailable',
    );
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return answer(c, 'UNAVAILABLE', httpMessages.unavailable);
  }
  const unstorable = unstorableTextCause(error);
  if (unstorable) {
    // The caller's text, not our failure; logged so a field the schemas miss can be found.
    c.var.log.warn(
      { requestId: c.var.requestId, code: unstorable.code, path: c.req.path },
      'text the database refused',
    );
    return answer(c, 'BAD_REQUEST', inputMessages.unstorableText);
  }
  c.var.log.error({ err: error, requestId: c.var.requestId }, 'unhandled error');
  return answer(c, 'INTERNAL', httpMessages.internal);
}
