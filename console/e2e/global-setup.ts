import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ADMIN } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real API, on its own database. */
    apiUrl: string;
  }
}

const consoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.resolve(consoleDir, '../api');

/**
 * Starts the real API (as site/e2e/global-setup.ts does): on a fresh database of
 * TEST_DATABASE_URL's server, else on an embedded PostgreSQL in a temporary folder. It serves no
 * site: the console's renderer is served by the test itself.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-console-e2e-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: '0',
    DATA_DIR: dataDir,
    SITE_DIR: path.join(dataDir, 'no-site'),
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Every call comes from 127.0.0.1; the per-address limits are the API's own tests' business.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    CONTACT_RATE_LIMIT_PER_HOUR: '100000',
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const name = `studio_console_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
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
  const apiUrl = await new Promise<string>((resolve, reject) => {
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
  project.provide('apiUrl', apiUrl);

  return async () => {
    child.kill('SIGTERM');
    await exited;
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
