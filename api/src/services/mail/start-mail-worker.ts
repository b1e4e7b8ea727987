import type { Sql } from 'postgres';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from './mailer.ts';
import { markStaleMailUnknown } from './mark-stale-mail-unknown.ts';
import { OUTBOUND_MAIL_CHANNEL } from './queue-mail.ts';
import { sendQueuedMail } from './send-queued-mail.ts';

/**
 * Sends the mail outbox from this process: woken by the NOTIFY of each queued mail (any process's
 * commit), and every `pollMs` for retries that came due and notifications missed while the
 * database was away. Several processes may run it: rows are claimed with SKIP LOCKED. Stops
 * claiming when `shutdown` aborts or `stop()` is called, which resolves once in-flight sends are
 * recorded (at most about 3 s later).
 */
export async function startMailWorker({
  db,
  sql,
  mailer,
  log,
  shutdown,
  retrySeconds,
  pollMs = 2_000,
}: {
  db: Db;
  sql: Sql;
  mailer: Mailer;
  log: Logger;
  shutdown?: AbortSignal;
  retrySeconds: number;
  pollMs?: number;
}): Promise<{ stop(): Promise<void>; kick(): void }> {
  const stopping = new AbortController();
  shutdown?.addEventListener('abort', () => stopping.abort(), { once: true });
  let running: Promise<void> | undefined;
  let again = false;
  let lastStaleCheck = 0;

  const drain = async () => {
    do {
      again = false;
      try {
        if (Date.now() - lastStaleCheck > 60_000) {
          lastStaleCheck = Date.now();
          const stale = await markStaleMailUnknown({ db });
          if (stale)
            log.warn({ mails: stale }, 'mails left mid-send by a stopped process: unknown');
        }
        while (!stopping.signal.aborted) {
          const claimed = await sendQueuedMail({
            db,
            mailer,
            log,
            retrySeconds,
            signal: stopping.signal,
          });
          if (claimed === 0) break;
        }
      } catch (err) {
        // The database is away: the next poll tries again.
        log.warn({ err }, 'mail outbox: could not send now');
      }
    } while (again && !stopping.signal.aborted);
  };
  const kick = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
    });
  };

  const timer = setInterval(kick, pollMs);
  timer.unref();
  const { unlisten } = await sql.listen(OUTBOUND_MAIL_CHANNEL, kick, kick);
  kick();

  return {
    kick,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await unlisten().catch(() => {});
      await running;
    },
  };
}
