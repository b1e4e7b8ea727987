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
