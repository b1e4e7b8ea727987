import { zValidator } from '@hono/zod-validator';
import { messages } from '@studio/shared/messages';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/**
 * `zValidator` with the project's error body: 400, `message` the first issue's text (the one
 * the form shows), `issues` all of them with their field paths.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const issues = result.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw new ApiError('VALIDATION_FAILED', issues[0]?.message ?? messages.http.validation, issues);
  });
}
