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

/**
 * What may be sent as a JSON body of type `T`: the same, except that a `Date` may stand where a
 * string is (`c.json` sends its ISO text, which the schema describes as a string).
 */
export type Sendable<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly Sendable<E>[]
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

/**
 * The body of `c.json`, checked at compile time against the zod schema its route declares with
 * `answers()`: `c.json(fits(orderAnswerSchema, { order }), 200)`. It hands the body back as it
 * is, so the typed client (`AppType`) reads the same type as before. Fields the schema lacks are
 * not a compile error (TypeScript's types are open); the tests' contract check refuses them.
 */
export function fits<S extends z.ZodType, B extends Sendable<z.output<S>>>(_schema: S, body: B): B {
  return body;
}
