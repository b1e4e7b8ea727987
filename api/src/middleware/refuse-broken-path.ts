import { inputMessages } from '@studio/shared/messages/input';
import { textProblem } from '@studio/shared/schemas/text';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';

/**
 * Path parameters get the one-line text rule (decision 023) before any route reads them: Hono
 * hands a handler `%00` decoded, as a NUL, which PostgreSQL refuses. `c.req.path` is the
 * decoded path, so one check covers every parameter of every route, a new one included. Query
 * parameters are checked by their `validate('query')` schemas and its safety net.
 */
export const refuseBrokenPath = createMiddleware<AppEnv>(async (c, next) => {
  if (textProblem(c.req.path, 'single')) {
    const message = inputMessages.forbiddenCharacter(inputMessages.pathField);
    throw new ApiError('VALIDATION_FAILED', message, [{ path: '(path)', message }]);
  }
  await next();
});
