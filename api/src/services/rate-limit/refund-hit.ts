import type { Counters } from './counters.ts';

/**
 * Takes back one hit counted on `key` (by `rateLimit` or `limitWithGrowingDelay`): an attempt
 * reserved before its outcome was known, which turned out not to count (a right password).
 */
export async function refundHit({ counters, key }: { counters: Counters; key: string }) {
  await counters.refund(key);
}
