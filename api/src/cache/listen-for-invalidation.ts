import type { Sql } from 'postgres';
import type { Logger } from '../lib/logger.ts';
import type { PublicReadCache } from './public-read-cache.ts';

/** Raised by the statement triggers of migration 0006 on products, services and events. */
export const PUBLIC_READ_CHANNEL = 'public_read_changed';

/**
 * Clears the cache whenever any process (or a job, or psql) commits a change to what the public
 * reads answer. postgres.js re-listens after a lost connection and calls `onlisten` again; the
 * cache is cleared then too, since notifications sent meanwhile were missed.
 */
export async function listenForInvalidation(sql: Sql, cache: PublicReadCache, log: Logger) {
  const { unlisten } = await sql.listen(
    PUBLIC_READ_CHANNEL,
    (payload) => cache.heard(payload),
    () => {
      cache.clear();
      cache.listening = true;
      log.debug('listening for public-read changes');
    },
  );
  return async () => {
    cache.listening = false;
    await unlisten();
  };
}
