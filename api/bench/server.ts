import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { ensureDatabase } from '../src/db/ensure-database.ts';
import { createLogger } from '../src/lib/logger.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The API as `pnpm start` runs it (one node process), on a free port. */
export async function startBenchServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"(http:\/\/[^"]+)","msg":"listening"/);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`API exited:\n${output}`)));
  });
  // Keep draining its logs; its warnings and errors are shown (a bench's failures say why).
  let line = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (line + chunk.toString()).split('\n');
    line = lines.pop() ?? '';
    for (const l of lines) if (/^\{"level":[456]0,/.test(l)) process.stderr.write(`API: ${l}\n`);
  });
  return {
    url,
    pid: child.pid ?? 0,
    /** Resident memory of the server process, in bytes (Linux /proc). */
    rss(): number {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
      return kb * 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The admin the bench API makes at start, for the benches of admin routes (`...benchAdmin`). */
export const benchAdmin = {
  ADMIN_EMAIL: 'bench-admin@example.com',
  ADMIN_PASSWORD: 'BenchAdmin123',
};

/** Signs the bench admin in on the API at `url`; answers the session's token. */
export async function signInBenchAdmin(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: benchAdmin.ADMIN_EMAIL, password: benchAdmin.ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`the bench admin's sign-in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A PostgreSQL of the bench's own (embedded, in a temporary folder `dir` that also serves as the
 * API's data folder) with the `studio` database at `url`; `stop` stops it and removes the folder.
 */
async function startBenchDatabase(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `studio-bench-${name}-`));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    log: createLogger({ LOG_LEVEL: 'warn' }),
    ephemeral: true,
  });
  const stop = async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return { dir, url: await ensureDatabase(pg.url, 'studio'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * For a bench of admin routes on a large database (or any bench that seeds its own data): the
 * API (with `env` on top) on a database of its own with the bench admin, a connection (`sql`) to
 * seed it, the API's data folder (`dataDir`), `step` to report the seeding's progress and
 * `seconds` since it began; `stop` stops the API and the database.
 */
export async function startAdminBench(name: string, env: Record<string, string> = {}) {
  const database = await startBenchDatabase(name);
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  try {
    server = await startBenchServer({
      DATABASE_URL: database.url,
      DATA_DIR: database.dir,
      ...benchAdmin,
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ...env,
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  return {
    server,
    sql,
    databaseUrl: database.url,
    dataDir: database.dir,
    seconds,
    step: (what: string) =>
      process.stderr.write(`${name} bench: ${what} (${seconds().toFixed(1)} s)\n`),
    stop: async () => {
      await server.stop();
      await database.stop();
    },
  };
}
