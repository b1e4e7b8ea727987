import { inject } from 'vitest';

/**
 * The API stack (the API serving the built site, its database and its peers) of this test
 * file's worker. The global setup starts one stack per worker, so files that run at the same
 * time never share a database, a mailbox or a chain (global-setup.ts).
 */
function stack() {
  const stacks = inject('stacks');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const picked = stacks[(poolId - 1) % stacks.length];
  if (!picked) throw new Error('no e2e stack was started');
  return picked;
}

export const baseUrl = () => stack().baseUrl;
export const peersUrl = () => stack().peersUrl;
/** Set when the suite runs on TEST_DATABASE_URL's server (always in CI). */
export const databaseUrl = () => stack().databaseUrl;
