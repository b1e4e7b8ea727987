import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/** What a `validate()` middleware checks: the part of the request and its zod schema. */
export interface ValidatorInfo {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

const validators = new WeakMap<object, ValidatorInfo>();

/** Records what `middleware` validates, so the API's description reads it from the route table. */
export function describeValidator<M extends object>(middleware: M, info: ValidatorInfo): M {
  validators.set(middleware, info);
  return middleware;
}

/** What a handler of the route table validates, if it is a `validate()` middleware. */
export function validatorOf(handler: object): ValidatorInfo | undefined {
  return validators.get(handler);
}
