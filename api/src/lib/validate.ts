import { zValidator } from '@hono/zod-validator';
import { inputMessages } from '@studio/shared/messages/input';
import { findUnstorableText } from '@studio/shared/schemas/text';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { describeValidator } from '../openapi/validators.ts';
import { ApiError } from './api-error.ts';
import { zodIssuesError } from './zod-issues-error.ts';

/**
 * `zValidator` with the project's error body (`zodIssuesError`). What passed the schema is then
 * searched whole for NUL and unpaired surrogates, the text PostgreSQL cannot take, wherever it
 * sits: a field typed `z.unknown()` or kept as jsonb is refused with 400 too (decision 023).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw zodIssuesError(result.error);
    const path = findUnstorableText(result.data);
    if (path !== undefined) {
      const message = inputMessages.forbiddenCharacter(path || inputMessages.bodyField);
      throw new ApiError('VALIDATION_FAILED', message, [{ path, message }]);
    }
  });
  // The API's description (openapi/) reads each route's schemas from its validators.
  return describeValidator(middleware, { target, schema });
}
