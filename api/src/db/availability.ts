import type { Logger } from '../lib/logger.ts';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';

/**
 * Whether the database can be reached, as the pool's gate (db/client.ts) needs to know: while it
 * cannot, queries are refused at once (a fast 503) instead of each waiting for a connection
 * attempt behind every other request in the pool's queue.
 *
 * Any closed connection (postgres.js's `onclose`: a failed connect, a server that went away, or
 * an ordinary idle close) makes it `suspect()`: a probe (`select 1` through the pool) runs, and
 * only a probe that fails for want of a connection marks the database down. While down, the
 * probe runs again every `retryMs`, and the first one that succeeds opens the gate again, so the
 * API is back within about `retryMs` of the database (plus the pool's reconnect delay). A probe
 * gets `timeoutMs` while the database is thought up (a busy pool is not an outage), and only
 * `downTimeoutMs` while it is down: an attempt that hangs (a server still starting, a lost
 * packet) is given up for a fresh one on another of the pool's connections.
 */
export class DatabaseAvailability {
  #down = false;
  #downSince = 0;
  #probing = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #probe: () => Promise<unknown>;
  readonly #retryMs: number;
  readonly #timeoutMs: number;
  readonly #downTimeoutMs: number;
  readonly #log: Logger | undefined;

  constructor(
    probe: () => Promise<unknown>,
    options: { retryMs?: number; timeoutMs?: number; downTimeoutMs?: number; log?: Logger } = {},
  ) {
    this.#probe = probe;
    this.#retryMs = options.retryMs ?? 250;
    this.#timeoutMs = options.timeoutMs ?? 3000;
    this.#downTimeoutMs = options.downTimeoutMs ?? 500;
    this.#log = options.log;
  }

  /** True while the last probe could not reach the database. */
  get down(): boolean {
    return this.#down;
  }

  /** A connection closed or a query failed for want of one: check, unless a check runs already. */
  suspect(): void {
    if (this.#probing || this.#closed) return;
    this.#probing = true;
    void this.#check();
  }

  /** No more probes (before the pool is ended, whose closing connections would start one). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  async #check(): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.#probe(),
        new Promise((_, reject) => {
          timeout = setTimeout(
            () => reject(Object.assign(new Error('probe timed out'), { code: 'CONNECT_TIMEOUT' })),
            this.#down ? this.#downTimeoutMs : this.#timeoutMs,
          );
        }),
      ]);
      if (this.#down) {
        this.#log?.info({ downMs: Date.now() - this.#downSince }, 'database reachable again');
      }
      this.#down = false;
      this.#probing = false;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'CONNECTION_ENDED') this.close();
      if (this.#closed || !isDatabaseUnavailable(error)) {
        // Not a connection problem (or the pool is being ended): nothing to gate on.
        this.#probing = false;
        return;
      }
      if (!this.#down) {
        this.#downSince = Date.now();
        this.#log?.warn({ err: error }, 'database unreachable: refusing queries until it returns');
      }
      this.#down = true;
      this.#timer = setTimeout(() => void this.#check(), this.#retryMs);
      this.#timer.unref();
    } finally {
      clearTimeout(timeout);
    }
  }
}
