/** postgres.js errors carry PostgreSQL's SQLSTATE in `code` and the constraint in `constraint_name`. */
interface PgError {
  code?: string;
  constraint_name?: string;
  cause?: unknown;
}

function pgError(error: unknown): PgError | undefined {
  // drizzle wraps driver errors; the driver's error is the cause.
  let current: unknown = error;
  for (let i = 0; i < 3 && current && typeof current === 'object'; i++) {
    const e = current as PgError;
    if (typeof e.code === 'string' && e.code.length === 5) return e;
    current = e.cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint_name === constraint);
}

/**
 * The error (this one or a cause) saying PostgreSQL could not take a text the request carried,
 * or undefined: 22021 (a NUL, "invalid byte sequence for encoding UTF8: 0x00"), 22P05 (`\u0000`
 * in jsonb) and 22P02 from a json or jsonb value (an unpaired surrogate escape). The schemas
 * and `validate` refuse these first; this is the net under them (decision 023). Other 22P02s
 * (a malformed uuid) stay 500s: they are our bug, not the caller's.
 */
export function unstorableTextCause(error: unknown): { code: string } | undefined {
  const e = pgError(error);
  if (!e?.code) return undefined;
  if (e.code === '22021' || e.code === '22P05') return { code: e.code };
  const message = (e as { message?: unknown }).message;
  if (e.code === '22P02' && typeof message === 'string' && /\bjson\b/i.test(message)) {
    return { code: e.code };
  }
  return undefined;
}

/**
 * SQLSTATEs that say the database cannot serve now, whatever the statement: admin_shutdown,
 * crash_shutdown and cannot_connect_now (stopping, restarting, starting up), too many
 * connections, and query_canceled and lock_not_available (the statement and lock timeouts of
 * db/client.ts). Class 08 (connection exceptions) is matched as a class.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);

/**
 * Node's socket errors, postgres.js's connection errors (`CONNECT_TIMEOUT`, `CONNECTION_CLOSED`
 * ...), and the pool-side refusal of db/availability.ts.
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'DATABASE_UNAVAILABLE',
]);

/** node-postgres (pg-boss's pool) reports a lost or slow connection by message only. */
const unavailableMessages = /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * The error (this one or a cause, as drizzle wraps the driver's) saying the database could not
 * be reached or answer in time, or undefined: such a request cannot be served now, and a retry
 * later may succeed.
 */
export function databaseUnavailableCause(
  error: unknown,
): { code?: string; message: string } | undefined {
  let current: unknown = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    const message = typeof e.message === 'string' ? e.message : '';
    if (typeof e.code === 'string') {
      const code = e.code;
      if (
        unavailableCodes.has(code) ||
        unavailableStates.has(code) ||
        (code.length === 5 && code.startsWith('08'))
      )
        return { code, message };
    }
    if (unavailableMessages.test(message)) return { message };
    current = e.cause;
  }
  return undefined;
}

/** Answered 503 with Retry-After by the error handler, never 500 (see databaseUnavailableCause). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableCause(error) !== undefined;
}

/** Thrown without a round trip while the database is known to be unreachable (db/availability.ts). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor() {
    super('the database cannot be reached');
    this.name = 'DatabaseUnavailableError';
  }
}
