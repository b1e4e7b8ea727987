import pino from 'pino';
import type { Env } from '../env.ts';

export type Logger = pino.Logger;

export function createLogger(env: Pick<Env, 'LOG_LEVEL'>): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      base: undefined,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        censor: '[redacted]',
      },
    },
    // Lines written while a write is under way go out together in the next one, instead of
    // a blocking write per request line (the access log cost more than the rest of a cached
    // read); pino flushes what is left on exit.
    pino.destination({ dest: 1, sync: false }),
  );
}
