import { drizzle } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import type { Logger } from '../lib/logger.ts';
import { DatabaseUnavailableError } from '../lib/pg-errors.ts';
import { DatabaseAvailability } from './availability.ts';
import * as schema from './schema/index.ts';

/**
 * A connection attempt that takes longer fails (postgres.js's default is 30 s): a database that
 * does not answer is reported in seconds, not after the visitor has given up.
 */
export const CONNECT_TIMEOUT_SECONDS = 3;
/**
 * Any statement running longer is cancelled by the server (57014, answered 503), so a request
 * stuck behind a lock or a struggling database answers within seconds. Work that may rightly take
 * longer sets its own: `set local statement_timeout = ...` in its transaction; migrations run on
 * a connection without one (server.ts).
 */
export const STATEMENT_TIMEOUT_MS = 5000;

/**
 * postgres.js waits before reconnecting a slot whose last attempt failed, growing with each
 * failure up to 20 s: after an outage the API stayed down that long after the database was back.
 * Attempts are made only for waiting queries and the availability probe, so a short wait does
 * not flood a recovering server.
 */
const reconnectDelaySeconds = (failures: number) => Math.min(0.05 * failures, 0.25);

/**
 * A query object that is refused when awaited, in the shape drizzle and the exports use
 * (`.values()`, `.forEach()` and `await`), made lazily so that one never awaited is not an unhandled rejection.
 */
function refusedQuery() {
  const fail = () => Promise.reject(new DatabaseUnavailableError());
  const query = {
    // biome-ignore lint/suspicious/noThenProperty: a postgres.js query is a thenable
    then: (ok?: (v: never) => unknown, ko?: (e: unknown) => unknown) => fail().then(ok, ko),
    catch: (ko?: (e: unknown) => unknown) => fail().catch(ko),
    finally: (fn?: () => void) => fail().finally(fn),
    values: () => query,
    raw: () => query,
    // The exports' row-by-row reads (lib/csv.ts forEachRow).
    forEach: () => query,
    execute: () => query,
    cancel: () => {},
  };
  return query;
}

/**
 * The pool as drizzle sees it: while `availability` says the database cannot be reached, queries
 * and transactions are refused at once with `DatabaseUnavailableError` rather than queued.
 * Everything else (`listen`, `end`, options) is the pool's own.
 */
function gated(sql: Sql, availability: DatabaseAvailability): Sql {
  return new Proxy(sql, {
    apply(target, self, args) {
      return availability.down ? refusedQuery() : Reflect.apply(target, self, args);
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'unsafe') {
        return (...args: Parameters<Sql['unsafe']>) =>
          availability.down ? refusedQuery() : target.unsafe(...args);
      }
      if (property === 'begin') {
        return (...args: unknown[]) =>
          availability.down
            ? Promise.reject(new DatabaseUnavailableError())
            : (target.begin as (...a: unknown[]) => unknown)(...args);
      }
      return value;
    },
  });
}

export function createDb(
  url: string,
  options: {
    max?: number;
    onQuery?: (query: string) => void;
    /** 0 for none (migrations); default STATEMENT_TIMEOUT_MS. */
    statementTimeoutMs?: number;
    /** Where the database going away and coming back is reported. */
    log?: Logger;
  } = {},
) {
  const onQuery = options.onQuery;
  let availability: DatabaseAvailability | undefined;
  const sql = postgres(url, {
    max: options.max ?? 10,
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    // Idle connections go after a minute (a proxy or firewall may drop them silently anyway).
    idle_timeout: 60,
    backoff: reconnectDelaySeconds,
    onclose: () => availability?.suspect(),
    connection: {
      application_name: 'studio-api',
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    },
  });
  availability = new DatabaseAvailability(() => sql`select 1`, {
    timeoutMs: CONNECT_TIMEOUT_SECONDS * 1000,
    ...(options.log ? { log: options.log } : {}),
  });
  const db = drizzle(gated(sql, availability), { schema, casing: 'snake_case' });
  return { db, sql, availability };
}

export type Db = ReturnType<typeof createDb>['db'];
/** A transaction handle accepts the same queries as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
