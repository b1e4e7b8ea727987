import type { Db } from './db/client.ts';
import type { Session } from './db/schema/sessions.ts';
import type { User } from './db/schema/users.ts';
import type { Env } from './env.ts';
import type { Logger } from './lib/logger.ts';

/** What every request can reach through `c.var`. */
export interface Deps {
  db: Db;
  env: Env;
  log: Logger;
}

export interface AppEnv {
  Variables: Deps & {
    requestId: string;
    user: User | null;
    session: Session | null;
  };
}

export interface AuthedEnv {
  Variables: AppEnv['Variables'] & { user: User; session: Session };
}
