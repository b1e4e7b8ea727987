import type { HttpBindings } from '@hono/node-server';
import type { PublicReadCache } from './cache/public-read-cache.ts';
import type { Db } from './db/client.ts';
import type { Session } from './db/schema/sessions.ts';
import type { User } from './db/schema/users.ts';
import type { Env } from './env.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { Counters } from './services/rate-limit/counters.ts';
import type { Storage } from './services/storage/storage.ts';

/** What every request can reach through `c.var`. */
export interface Deps {
  db: Db;
  env: Env;
  log: Logger;
  mailer: Mailer;
  jobs: Jobs;
  storage: Storage;
  /** Signs links such as unsubscribe (see services/settings/resolve-app-secret.ts). */
  secret: string;
  /** Rate-limit counters, in PostgreSQL or Redis, shared by every process (decision 031). */
  counters: Counters;
  /** Serialized public reads, cleared by writes here and by NOTIFY from other processes. */
  publicCache: PublicReadCache;
  /**
   * Aborted when the process starts to stop: long work (a blast, the mail outbox) takes nothing
   * new, finishes or records what is in flight, and returns.
   */
  shutdown: AbortSignal;
}

export interface AppEnv {
  /** Set by @hono/node-server; absent for in-process `app.request()` calls. */
  Bindings: Partial<HttpBindings>;
  /**
   * Everything in Deps but the mailer: no request handler sends mail (it is queued in the
   * outbox, services/mail/queue-mail.ts, and sent after the commit), and the types hold to it.
   */
  Variables: Omit<Deps, 'mailer'> & {
    requestId: string;
    user: User | null;
    session: Session | null;
  };
}

export interface AuthedEnv {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { user: User; session: Session };
}

/**
 * A route file mounted under /api/admin or /api/events/admin, whose whole prefix requires an
 * admin (app.ts): the user is there.
 */
export type AdminEnv = AuthedEnv & AppEnv;
