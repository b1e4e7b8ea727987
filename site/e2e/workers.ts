/**
 * How many browser test files run at once, each against its own API stack (global-setup.ts).
 * Two on TEST_DATABASE_URL's server (CI); one on the embedded PostgreSQL, which a second API
 * would start beside the first. `E2E_WORKERS` overrides it.
 */
export const e2eWorkers = Math.max(
  1,
  Number(process.env.E2E_WORKERS ?? (process.env.TEST_DATABASE_URL ? 2 : 1)),
);
