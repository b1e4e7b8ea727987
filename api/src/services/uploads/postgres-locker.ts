import { uploadMessages } from '@studio/shared/messages/uploads';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import postgres, { type Sql } from 'postgres';
import type { Logger } from '../../lib/logger.ts';
import type { TusRefusal } from './checked-upload-store.ts';

/** Where a process asks the holder of an upload's lock, in any process, to let it go. */
export const RELEASE_CHANNEL = 'tus_lock_release';

/** The lock session's application_name (pg_stat_activity). */
export const LOCK_SESSION_NAME = 'studio-tus-locks';

/** The session-level advisory lock of an upload: 64 bits of its id's hash, as create-order.ts. */
const lockKey = (id: string) => `tus-upload:${id}`;

export interface PostgresLockerOptions {
  /** Give up on a lock another request does not let go within this (default 15 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries the lock again (default 100 ms). */
  pollMs?: number;
  /** How often a waiting request repeats its release request (default 1 s). */
  renotifyMs?: number;
  /** The lock session is closed after this long with no lock held (default 30 s). */
  idleCloseMs?: number;
  log?: Logger;
}

interface Slot {
  /** true once the advisory lock is this process's; false while still waiting for it. */
  held: boolean;
  requestRelease: RequestRelease;
  released: Promise<void>;
  release: () => void;
}

/** Answered (409, retried by tus-js-client) when a lock is not let go in time. */
const busy = (): TusRefusal => ({
  status_code: 409,
  body: JSON.stringify({ message: uploadMessages.uploadBusy, code: 'CONFLICT' }),
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * tus's `Locker` shared by every API process of one database (decision 030): an upload's lock is
 * a session-level `pg_try_advisory_lock` held by this process's lock session, a connection of its
 * own with no idle timeout or lifetime. Requests of one process take turns in `slots` (a session
 * may take its own advisory lock twice); requests of different processes on the database lock.
 *
 * A request that finds the lock taken asks the holder to let go (tus's `requestRelease`: the
 * holder's request is cancelled and stops writing within tus's `lockDrainTimeout`), here by a
 * direct call, elsewhere by `NOTIFY tus_lock_release, '<id>'`, which every locker listens for on
 * its pool's listening connection; it repeats the request every second and polls the lock every
 * 100 ms until it has it, its own request is aborted, or 15 s have gone (409, retried by
 * tus-js-client). A process that dies loses its session, and PostgreSQL frees its locks; should
 * the session drop while the process lives, every holder is asked to let go at once (its lock is
 * gone) and tus's offset check keeps the bytes right.
 */
export class PostgresLocker implements Locker {
  private readonly slots = new Map<string, Slot>();
  private session: Sql | undefined;
  private listening: Promise<unknown> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private closing = false;
  readonly acquireTimeoutMs: number;
  private readonly pollMs: number;
  private readonly renotifyMs: number;
  private readonly idleCloseMs: number;

  constructor(
    private readonly pool: Sql,
    private readonly options: PostgresLockerOptions = {},
  ) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 15_000;
    this.pollMs = options.pollMs ?? 100;
    this.renotifyMs = options.renotifyMs ?? 1000;
    this.idleCloseMs = options.idleCloseMs ?? 30_000;
  }

  newLock(id: string): Lock {
    return {
      lock: (signal, requestRelease) => this.acquire(id, signal, requestRelease),
      unlock: () => this.release(id),
    };
  }

  /** The ids whose lock this process holds now (for tests and logs). */
  heldIds(): string[] {
    return [...this.slots].filter(([, slot]) => slot.held).map(([id]) => id);
  }

  /** Ends the lock session (its locks go with it) and stops listening. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.idleTimer);
    const session = this.session;
    this.session = undefined;
    await Promise.allSettled([session?.end({ timeout: 1 }), this.unlisten?.()]);
  }

  /** The lock session, opened on first use; its loss asks every holder to let go. */
  private sessionNow(): Sql {
    clearTimeout(this.idleTimer);
    if (this.session) return this.session;
    const o = this.pool.options;
    // As postgres.js opens its listening connection: the pool's settings, one connection that is
    // never closed for being idle or old (that would free the locks under their holders).
    const session: Sql = postgres({
      ...(o as unknown as postgres.Options<Record<string, never>>),
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      debug: false,
      connection: { ...o.connection, application_name: LOCK_SESSION_NAME },
      // postgres.js reconnects a closed session on its next query, without the locks it held.
      onclose: () => {
        if (this.closing || this.session !== session) return;
        const lost = this.heldIds();
        if (lost.length === 0) return;
        this.options.log?.warn({ uploads: lost.length }, 'tus lock session lost: releasing');
        for (const id of lost) void this.slots.get(id)?.requestRelease();
      },
    });
    this.session = session;
    return session;
  }

  private startListening() {
    this.listening ??= this.pool
      .listen(RELEASE_CHANNEL, (id) => {
        const slot = this.slots.get(id);
        if (slot?.held) void slot.requestRelease();
      })
      .then(({ unlisten }) => {
        this.unlisten = unlisten;
      })
      .catch((error: unknown) => {
        this.listening = undefined;
        throw error;
      });
    return this.listening;
  }

  private async acquire(id: string, signal: AbortSignal, requestRelease: RequestRelease) {
    if (this.closing) throw ERRORS.ABORTED;
    const deadline = Date.now() + this.acquireTimeoutMs;
    // 1. This process: wait for another request of it on the same upload, asking it to let go.
    for (;;) {
      const other = this.slots.get(id);
      if (!other) break;
      if (other.held) await other.requestRelease();
      const done = new AbortController();
      const timedOut = await Promise.race([
        other.released.then(() => false),
        sleep(deadline - Date.now(), AbortSignal.any([signal, done.signal])).then(() => true),
      ]);
      done.abort();
      if (signal.aborted) throw ERRORS.ABORTED;
      if (timedOut && this.slots.get(id) === other) throw busy();
    }
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slot: Slot = { held: false, requestRelease, released, release };
    this.slots.set(id, slot);
    try {
      // 2. Every process: the advisory lock, asking its holder elsewhere to let go meanwhile.
      await this.startListening();
      let notifiedAt = 0;
      for (;;) {
        const session = this.sessionNow();
        const [row] = await session<{ locked: boolean }[]>`
          select pg_try_advisory_lock(hashtextextended(${lockKey(id)}, 0)) as locked`;
        if (row?.locked) break;
        if (Date.now() - notifiedAt >= this.renotifyMs) {
          notifiedAt = Date.now();
          await this.pool`select pg_notify(${RELEASE_CHANNEL}, ${id})`;
        }
        if (Date.now() >= deadline) throw busy();
        await sleep(Math.min(this.pollMs, deadline - Date.now()), signal);
        if (signal.aborted) throw ERRORS.ABORTED;
      }
      if (signal.aborted) {
        await this.unlockInDatabase(id);
        throw ERRORS.ABORTED;
      }
      slot.held = true;
    } catch (error) {
      this.forget(id, slot);
      throw error;
    }
  }

  private async release(id: string) {
    const slot = this.slots.get(id);
    if (!slot?.held) throw new Error('Releasing an unlocked lock!');
    try {
      await this.unlockInDatabase(id);
    } finally {
      this.forget(id, slot);
    }
  }

  private async unlockInDatabase(id: string) {
    const session = this.session;
    if (!session) return;
    try {
      await session`select pg_advisory_unlock(hashtextextended(${lockKey(id)}, 0))`;
    } catch (error) {
      // The session went (and the lock with it): nothing left to release.
      this.options.log?.warn({ err: error }, 'tus lock release failed');
    }
  }

  private forget(id: string, slot: Slot) {
    if (this.slots.get(id) === slot) this.slots.delete(id);
    slot.release();
    if (this.slots.size === 0 && this.session && !this.closing) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => {
        if (this.slots.size > 0) return;
        const session = this.session;
        this.session = undefined;
        void session?.end({ timeout: 1 });
      }, this.idleCloseMs);
      this.idleTimer.unref();
    }
  }
}
