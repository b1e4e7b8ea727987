import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { CONNECT_TIMEOUT_SECONDS } from './client.ts';

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/**
 * Session-level advisory locks of this database (decision 031). Taken on a connection of their
 * own, so they go with it if the process dies. Always in this order (start-up, then migrations),
 * never the other way round.
 */
const STARTUP_LOCK = "hashtextextended('studio start-up', 0)";
const MIGRATIONS_LOCK = "hashtextextended('studio migrations', 0)";

/** One connection with no statement or lock timeout, never closed for being idle. */
function session(url: string, name: string) {
  return postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    idle_timeout: 0,
    connection: { application_name: name, statement_timeout: 0, lock_timeout: 0 },
  });
}

/**
 * Applies the committed drizzle-kit migrations; safe to run on every start, and from several
 * processes at once: drizzle's migrator takes no lock (two on an empty database both try to
 * create its table and all but one fail), so each waits here for the others' to finish and then
 * finds nothing left to apply. On one connection of its own without the pool's statement timeout:
 * a migration may rightly run long, and the wait for the lock may too.
 */
export async function runMigrations(url: string): Promise<void> {
  // max: 1, so the lock and the migrations share one session.
  const client = session(url, 'studio-migrations');
  try {
    await client.unsafe(`select pg_advisory_lock(${MIGRATIONS_LOCK})`);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    // Closing the session lets the lock go (an unlock would need the same connection anyway).
    await client.end();
  }
}

/**
 * Runs `work` (migrations, the seed, the first admin, the app secret) while holding the start-up
 * lock, so processes starting together do it one after the other: the first fills an empty
 * database, the next find it done. The lock is held by a connection of its own, for as long as
 * `work` runs, with no statement or lock timeout (a wait is as long as the other's start-up).
 */
export async function withStartUpLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = session(url, 'studio-start-up-lock');
  try {
    await lock.unsafe(`select pg_advisory_lock(${STARTUP_LOCK})`);
    return await work();
  } finally {
    await lock.end();
  }
}
