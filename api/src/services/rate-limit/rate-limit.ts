import { ApiError } from '../../lib/api-error.ts';
import type { Counters } from './counters.ts';

/**
 * The one rate limit: counts a hit on `key` in a fixed window of `windowSeconds` (with `peek`,
 * only looks whether one more hit would still be allowed, adding none) and past `limit` throws
 * 429 RATE_LIMITED with `message` and the seconds left in the window as `Retry-After`. Counted in
 * `counters`, PostgreSQL or Redis, which every API process shares (decision 031).
 */
export async function rateLimit({
  counters,
  key,
  limit,
  windowSeconds,
  message,
  peek = false,
}: {
  counters: Counters;
  key: string;
  limit: number;
  windowSeconds: number;
  message: string;
  peek?: boolean;
}): Promise<void> {
  if (peek) {
    const seen = await counters.peek(key, windowSeconds);
    if (seen.count >= limit) throw ApiError.rateLimited(message, seen.retryAfterSeconds);
    return;
  }
  const counted = await counters.hit(key, windowSeconds);
  if (counted.count > limit) throw ApiError.rateLimited(message, counted.retryAfterSeconds);
}
