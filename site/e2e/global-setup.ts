import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
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
const apiDir = path.resolve(siteDir, '../api');

/**
 * Starts the real API serving the freshly built site (`vite build` runs before this suite):
 * on its own database of TEST_DATABASE_URL's server, else on an embedded PostgreSQL in a
 * temporary data folder.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-'));
  // The real local chain, the PayPal and Alephium node stand-ins and an SMTP server.
  const peers = await startPeers();
  const env: Record<string, string> = {
    ...peers.env,
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: '0',
    DATA_DIR: dataDir,
    // SITE_OUT lets parallel runs each build into their own folder (vite build --outDir).
    SITE_DIR: process.env.SITE_OUT ?? path.join(siteDir, 'dist'),
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'AdminPass123',
    // Every browser test comes from 127.0.0.1: the per-address limits (tested in the API's own
    // suites) would otherwise trip partway through the run.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    CONTACT_RATE_LIMIT_PER_HOUR: '100000',
    SUBMISSION_RATE_LIMIT_PER_HOUR: '100000',
    PAYMENT_RATE_LIMIT_PER_HOUR: '100000',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const name = `studio_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"(http:\/\/[^"]+)","msg":"listening"/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`API exited during start:\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('peersUrl', peers.controlUrl);
  if (env.DATABASE_URL) project.provide('databaseUrl', env.DATABASE_URL);

  return async () => {
    child.kill('SIGTERM');
    await exited;
    await dropDatabase?.();
    await peers.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
