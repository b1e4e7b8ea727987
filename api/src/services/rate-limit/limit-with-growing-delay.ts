import { ApiError } from '../../lib/api-error.ts';
import type { Counters } from './counters.ts';

/**
 * A growing delay between hits on `key` (OWASP's exponential lockout): the first `free` hits of a
 * run pass at once; after that each hit must come `firstDelaySeconds` after the previous one,
 * doubling with each hit, up to `maxDelaySeconds`. A run ends after `resetSeconds` without a hit.
 * One atomic step in `counters` (an upsert in PostgreSQL, a script in Redis), so parallel
 * requests on several processes cannot slip through together. A hit that comes too soon counts
 * nothing and throws 429 RATE_LIMITED with `message` and the wait left as Retry-After.
 */
export async function limitWithGrowingDelay({
  counters,
  key,
  free,
  firstDelaySeconds,
  maxDelaySeconds,
  resetSeconds,
  message,
}: {
  counters: Counters;
  key: string;
  free: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  resetSeconds: number;
  message: string;
}): Promise<void> {
  const wait = await counters.space(key, {
    free,
    firstDelaySeconds,
    maxDelaySeconds,
    resetSeconds,
  });
  if (wait > 0) throw ApiError.rateLimited(message, wait);
}
