/**
 * Where rate-limit counters live: PostgreSQL (`postgres-counters.ts`, the default) or Redis
 * (`redis-counters.ts`, with REDIS_URL), either shared by every API process. The one entry point
 * for callers stays `rateLimit` (services/rate-limit); this is what it counts with. Every method
 * is one atomic step on the store, so parallel requests on several processes count correctly.
 */
export interface Counters {
  /**
   * Counts one hit on `key` in a fixed window of `windowSeconds` that starts at its first hit.
   * Answers the count after this hit and the whole seconds left in the window (at least 1).
   */
  hit(key: string, windowSeconds: number): Promise<WindowCount>;
  /** The count of `key`'s current window without adding to it (0 and 0 s when none runs). */
  peek(key: string, windowSeconds: number): Promise<WindowCount>;
  /** Takes back one hit counted on `key` by `hit` or `space` (never below zero). */
  refund(key: string): Promise<void>;
  /**
   * A growing delay between hits on `key`: the first `free` hits of a run pass at once, then
   * each must come `firstDelaySeconds` after the one before, doubling with each hit up to
   * `maxDelaySeconds`; a run ends after `resetSeconds` without a hit. A hit that comes too soon
   * counts nothing. Answers 0 when the hit was taken, else the whole seconds to wait (at least 1).
   */
  space(key: string, delay: GrowingDelay): Promise<number>;
  /** What backs them, for logs and tests. */
  readonly kind: 'postgres' | 'redis';
  close(): Promise<void>;
}

export interface WindowCount {
  count: number;
  retryAfterSeconds: number;
}

export interface GrowingDelay {
  free: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  resetSeconds: number;
}
