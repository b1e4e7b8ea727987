import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { RAISED_RATE_LIMITS, startApiProcess } from '../../api/src/test/api-process.ts';
import { startPeers } from '../../api/src/test/peers-server.ts';
import { e2eWorkers } from './workers.ts';

export interface E2eStack {
  baseUrl: string;
  /** Set when the suite runs on TEST_DATABASE_URL's server (always in CI). */
  databaseUrl?: string;
  /** The control server of the API's peers (chain, PayPal, Alephium node, SMTP): e2e/peers.ts. */
  peersUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker: e2e/stack.ts picks the one of the file's worker. */
    stacks: E2eStack[];
  }
}

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The real API serving the freshly built site, on its own database, with its real peers. */
async function startStack(n: number) {
  const peers = await startPeers();
  const api = await startApiProcess({
    name: `studio_e2e${n}`,
    env: {
      ...peers.env,
      // SITE_OUT lets parallel runs each build into their own folder (vite build --outDir).
      SITE_DIR: process.env.SITE_OUT ?? path.join(siteDir, 'dist'),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'AdminPass123',
      ...RAISED_RATE_LIMITS,
    },
  });
  const stack: E2eStack = { baseUrl: api.baseUrl, peersUrl: peers.controlUrl };
  if (api.databaseUrl) stack.databaseUrl = api.databaseUrl;
  return {
    stack,
    async stop() {
      await api.stop();
      await peers.close();
    },
  };
}

/**
 * Starts one stack per worker (`vite build` runs before this suite): the test files run two at
 * a time, each against its own stack, so no file sees another's orders, mail or chain.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.all(
    Array.from({ length: e2eWorkers }, (_, i) => startStack(i + 1)),
  );
  project.provide(
    'stacks',
    started.map((s) => s.stack),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
