import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { RAISED_RATE_LIMITS, startApiProcess } from '../../api/src/test/api-process.ts';
import { startPeers } from '../../api/src/test/peers-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Set when the suite runs on TEST_DATABASE_URL's server (always in CI). */
    databaseUrl?: string;
    /** The control server of the API's peers (chain, PayPal, Alephium node, SMTP): e2e/peers.ts. */
    peersUrl: string;
  }
}

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real API serving the freshly built site (`vite build` runs before this suite), on
 * its own database, with its real peers: the local chain, the PayPal and Alephium node
 * stand-ins and an SMTP server.
 */
export default async function setup(project: TestProject) {
  const peers = await startPeers();
  const api = await startApiProcess({
    name: 'studio_e2e',
    env: {
      ...peers.env,
      // SITE_OUT lets parallel runs each build into their own folder (vite build --outDir).
      SITE_DIR: process.env.SITE_OUT ?? path.join(siteDir, 'dist'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'AdminPass123',
      ...RAISED_RATE_LIMITS,
    },
  });
  project.provide('baseUrl', api.baseUrl);
  project.provide('peersUrl', peers.controlUrl);
  if (api.databaseUrl) project.provide('databaseUrl', api.databaseUrl);

  return async () => {
    await api.stop();
    await peers.close();
  };
}
