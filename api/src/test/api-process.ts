/**
 * The real API as a child process for browser suites (the site's and the console's e2e global
 * setups): on a fresh database of TEST_DATABASE_URL's server (dropped afterwards), else on an
 * embedded PostgreSQL in its temporary data folder. One `node --import tsx` process, as
 * `pnpm start` runs it (see process.ts for why not the `tsx` command).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The per-address limits, raised: every browser test comes from 127.0.0.1. */
export const RAISED_RATE_LIMITS = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  CONTACT_RATE_LIMIT_PER_HOUR: '100000',
  SUBMISSION_RATE_LIMIT_PER_HOUR: '100000',
  PAYMENT_RATE_LIMIT_PER_HOUR: '100000',
  ORDER_RATE_LIMIT_PER_HOUR: '100000',
  PAYMENT_FAILED_OFFERS_PER_IP: '100000',
  // Not a rate: the unpaid orders one customer may hold. The order-list tests place 11.
  ORDER_MAX_UNPAID: '100000',
} as const;

export interface ApiProcess {
  baseUrl: string;
  /** Set when running on TEST_DATABASE_URL's server. */
  databaseUrl?: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startApiProcess({
  name,
  env,
}: {
  /** Prefix of the temporary folder and database, e.g. 'studio_e2e'. */
  name: string;
  /** Settings on top of a clean environment (PORT, DATA_DIR and LOG_LEVEL are set here). */
  env: Record<string, string>;
}): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name.replace(/_/g, '-')}-`));
  const full: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  // A caller's own DATABASE_URL (a test that restarts the API on the same data) is kept.
  if (process.env.TEST_DATABASE_URL && !env.DATABASE_URL) {
    const { default: postgres } = await import('postgres');
    const db = `${name}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${db}"`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${db}`;
    full.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: full,
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

  return {
    baseUrl,
    ...(full.DATABASE_URL ? { databaseUrl: full.DATABASE_URL } : {}),
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
