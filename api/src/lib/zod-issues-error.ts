import { httpMessages } from '@studio/shared/messages/http';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * The one mapping of a failed zod parse to the error body: 400 VALIDATION_FAILED, `message`
 * the first issue's text (the one a form shows), `issues` all of them with their field paths.
 * Used by `validate` (JSON and query) and by the multipart form receivers.
 */
export function zodIssuesError(error: z.core.$ZodError): ApiError {
  const issues = error.issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.message,
  }));
  return new ApiError('VALIDATION_FAILED', issues[0]?.message ?? httpMessages.validation, issues);
}
