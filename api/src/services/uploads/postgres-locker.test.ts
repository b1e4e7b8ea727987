import { randomBytes } from 'node:crypto';
import { uploadMessages } from '@studio/shared/messages/uploads';
import postgres, { type Sql } from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/setup-db.ts';
import { until } from '../../test/until.ts';
import { LOCK_SESSION_NAME, PostgresLocker } from './postgres-locker.ts';

/**
 * The upload locker on the real PostgreSQL: each "process" is a pool of its own on this file's
 * database, with a locker of its own, as two API processes have.
 */
let url: string;
let observer: Sql;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  url = await createTestDatabase();
  observer = postgres(url, { max: 1, onnotice: () => {} });
  closing.push(() => observer.end());
});
const perTest: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of perTest.splice(0).reverse()) await close();
});
afterAll(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function processLocker(options: ConstructorParameters<typeof PostgresLocker>[1] = {}) {
  const pool = postgres(url, { max: 2, onnotice: () => {} });
  const locker = new PostgresLocker(pool, options);
  perTest.push(() => pool.end({ timeout: 1 }));
  perTest.push(() => locker.close());
  return locker;
}

/** The backends holding an upload lock (advisory, on a lock session) in this database. */
async function lockHolders(): Promise<number[]> {
  const rows = await observer<{ pid: number }[]>`
    select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and a.application_name = ${LOCK_SESSION_NAME}
      and l.database = (select oid from pg_database where datname = current_database())`;
  return rows.map((r) => r.pid);
}

/** A holder as tus makes one: its request is cancelled when asked to let go. */
function request() {
  const controller = new AbortController();
  const asked: number[] = [];
  return {
    signal: controller.signal,
    asked,
    abort: () => controller.abort(),
    onRelease: () => {
      asked.push(Date.now());
    },
  };
}

const uploadId = () => randomBytes(16).toString('hex');

describe('PostgresLocker', () => {
  it('across processes: B asks A (by NOTIFY) to let go and has the lock as soon as A unlocks', async () => {
    const a = processLocker();
    const b = processLocker();
    const id = uploadId();
    const lockA = a.newLock(id);
    const reqA = request();
    await lockA.lock(reqA.signal, () => {
      reqA.onRelease();
      // tus's cancel: the request stops writing a little later and unlocks.
      setTimeout(() => void lockA.unlock(), 200);
    });
    expect(a.heldIds()).toEqual([id]);
    expect(await lockHolders()).toHaveLength(1);
    const started = Date.now();
    const reqB = request();
    await b.newLock(id).lock(reqB.signal, reqB.onRelease);
    const waited = Date.now() - started;
    expect(reqA.asked).toHaveLength(1);
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(2000);
    expect(a.heldIds()).toEqual([]);
    expect(b.heldIds()).toEqual([id]);
    expect(reqB.asked).toEqual([]);
    expect(await lockHolders()).toHaveLength(1);
  });

  it('another upload’s lock is not in the way: both held at once on two processes', async () => {
    const a = processLocker();
    const b = processLocker();
    const [one, two] = [uploadId(), uploadId()];
    const reqA = request();
    const reqB = request();
    await a.newLock(one).lock(reqA.signal, reqA.onRelease);
    await b.newLock(two).lock(reqB.signal, reqB.onRelease);
    expect([reqA.asked, reqB.asked]).toEqual([[], []]);
    expect(await lockHolders()).toHaveLength(2);
  });

  it('a holder that does not let go: the waiter is refused 409 with our message after its timeout, and an aborted waiter gives up at once', async () => {
    const a = processLocker();
    const b = processLocker({ acquireTimeoutMs: 700 });
    const id = uploadId();
    const reqA = request();
    await a.newLock(id).lock(reqA.signal, reqA.onRelease);
    const started = Date.now();
    const reqB = request();
    const refused = await b
      .newLock(id)
      .lock(reqB.signal, reqB.onRelease)
      .then(
        () => null,
        (e: { status_code: number; body: string }) => e,
      );
    expect(Date.now() - started).toBeGreaterThanOrEqual(690);
    expect(refused?.status_code).toBe(409);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      message: uploadMessages.uploadBusy,
      code: 'CONFLICT',
    });
    // Asked once at first, once more a second later at most: here within 0.7 s, once.
    expect(reqA.asked.length).toBe(1);
    expect(a.heldIds()).toEqual([id]);
    expect(b.heldIds()).toEqual([]);

    const reqC = request();
    const aborted = b.newLock(id).lock(reqC.signal, reqC.onRelease);
    setTimeout(reqC.abort, 150);
    const t0 = Date.now();
    await expect(aborted).rejects.toMatchObject({ status_code: 400 });
    expect(Date.now() - t0).toBeLessThan(500);
    expect(b.heldIds()).toEqual([]);
  });

  it('a holder whose connection dies (its process killed): PostgreSQL frees the lock, the waiter gets it, the holder is told', async () => {
    const a = processLocker();
    const b = processLocker();
    const id = uploadId();
    const lockA = a.newLock(id);
    const reqA = request();
    // It never lets go by itself (a process that hangs, then dies).
    await lockA.lock(reqA.signal, reqA.onRelease);
    const [pid] = await lockHolders();
    const reqB = request();
    const waiting = b.newLock(id).lock(reqB.signal, reqB.onRelease);
    await new Promise((r) => setTimeout(r, 300));
    expect(b.heldIds()).toEqual([]);
    const killedAt = Date.now();
    await observer`select pg_terminate_backend(${pid ?? 0})`;
    await waiting;
    expect(Date.now() - killedAt).toBeLessThan(1000);
    expect(b.heldIds()).toEqual([id]);
    // A's request was asked to stop: once by B's NOTIFY, once more when its session was lost
    // (told when A's process sees its connection close, which a loaded machine may see after B
    // took the lock: waited for, within 2 s).
    await until(() => reqA.asked.length >= 2, 2000, "A's request asked again on the lost session");
    expect(reqA.asked.length).toBeGreaterThanOrEqual(2);
    // A's own unlock after the loss neither throws nor frees B's lock.
    await lockA.unlock();
    const holders = await lockHolders();
    expect(holders).toHaveLength(1);
    expect(holders[0]).not.toBe(pid);
  });

  it('in one process: a second request on the upload asks the first to let go, then holds it; it was never held twice', async () => {
    const a = processLocker();
    const id = uploadId();
    const first = a.newLock(id);
    const req1 = request();
    let bothHeld = false;
    await first.lock(req1.signal, () => {
      req1.onRelease();
      setTimeout(() => {
        bothHeld = a.heldIds().length > 1;
        void first.unlock();
      }, 100);
    });
    const req2 = request();
    const second = a.newLock(id);
    await second.lock(req2.signal, req2.onRelease);
    expect(req1.asked).toHaveLength(1);
    expect(bothHeld).toBe(false);
    expect(a.heldIds()).toEqual([id]);
    await second.unlock();
    expect(a.heldIds()).toEqual([]);
    expect(await lockHolders()).toEqual([]);
    await expect(second.unlock()).rejects.toThrow(/unlocked/);
  });

  it('10 rounds of two processes racing for one upload: one holder at a time, each round both get it', async () => {
    const a = processLocker();
    const b = processLocker();
    const id = uploadId();
    let holding = 0;
    let most = 0;
    let asked = 0;
    const take = async (locker: PostgresLocker) => {
      const lock = locker.newLock(id);
      await lock.lock(new AbortController().signal, () => {
        asked += 1;
      });
      holding += 1;
      most = Math.max(most, holding);
      // Each holds for 5 ms (asked to let go or not), then unlocks.
      await new Promise((r) => setTimeout(r, 5));
      holding -= 1;
      await lock.unlock();
    };
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([take(a), take(b)]);
    }
    expect(most).toBe(1);
    expect(asked).toBeGreaterThan(0);
    expect(await lockHolders()).toEqual([]);
  });
});
