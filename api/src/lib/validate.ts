import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { describeValidator } from '../openapi/validators.ts';
import { zodIssuesError } from './zod-issues-error.ts';

/** `zValidator` with the project's error body (`zodIssuesError`). */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) throw zodIssuesError(result.error);
  });
  // The API's description (openapi/) reads each route's schemas from its validators.
  return describeValidator(middleware, { target, schema });
}
