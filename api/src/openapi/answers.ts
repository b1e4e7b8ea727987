import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';

/** A successful answer that is not JSON (a file, a page, a redirect) or has no body. */
export interface OtherAnswer {
  /** `application/pdf`, `text/csv`, `text/html`, ...; none for 204 and redirects. */
  mediaType?: string;
  description: string;
}

/** What a route answers when it succeeds, by status: a zod schema of its JSON body, or another kind. */
export type Answers = Partial<
  Record<200 | 201 | 202 | 204 | 206 | 301 | 302 | 303 | 307, z.ZodType | OtherAnswer>
>;

const answersByMiddleware = new WeakMap<object, Answers>();

/**
 * Declares a route's successful answers, placed in its chain before the handler
 * (`.get('/', answers({ 200: productListSchema }), handler)`). It does nothing at run time; the
 * API's description reads it from the route table, and the tests' contract check holds every
 * JSON answer against it.
 */
export function answers(declared: Answers): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  answersByMiddleware.set(middleware, declared);
  return middleware;
}

/** What a handler of the route table declares, if it is an `answers()` middleware. */
export function answersOf(handler: object): Answers | undefined {
  return answersByMiddleware.get(handler);
}
