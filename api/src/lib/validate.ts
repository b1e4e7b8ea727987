import { zValidator } from '@hono/zod-validator';
import { inputMessages } from '@studio/shared/messages/input';
import { findUnstorableText } from '@studio/shared/schemas/text';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { zodIssuesError } from './zod-issues-error.ts';

/** What a `validate()` middleware checks: the part of the request and its zod schema. */
export interface ValidatorInfo {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

const validators = new WeakMap<object, ValidatorInfo>();

/**
 * What a handler of the route table validates, if it is a `validate()` middleware: the API's
 * description (openapi/) reads each route's schemas from here.
 */
export function validatorOf(handler: object): ValidatorInfo | undefined {
  return validators.get(handler);
}

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
  validators.set(middleware, { target, schema });
  return middleware;
}
