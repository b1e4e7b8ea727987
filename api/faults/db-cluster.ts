import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster that a fault test owns: initialised in a temp folder, on a fixed port for
 * its whole life (so the API's DATABASE_URL stays valid across a stop and a start), stopped and
 * started with pg_ctl. Never the machine's server: other tests use that one.
 */
export interface TestCluster {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: open sessions are terminated (57P01), new ones refused. */
  stop(): void;
  /** `pg_ctl start -w`: returns once the server accepts connections. */
  start(): void;
  /** Stops the server if it runs and removes its folder. */
  destroy(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPath.status === 0) return fromPath.stdout.trim();
  throw new Error('no PostgreSQL binaries (pg_ctl) found');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startTestCluster(): Promise<TestCluster> {
  const bin = binDir();
  const user = owner();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-fault-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(path.join(bin, tool), args, {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    if (result.status !== 0) {
      throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    }
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');
  let running = false;
  const cluster: TestCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', logFile, '-o', serverOptions]);
      running = true;
    },
    stop() {
      run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data]);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          cluster.stop();
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  // A test process that dies without its afterAll still stops the server it started.
  process.once('exit', () => {
    if (running)
      spawnSync(path.join(bin, 'pg_ctl'), ['stop', '-m', 'immediate', '-D', data], {
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      });
  });
  return cluster;
}
