import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * pg_dump and pg_restore, run as child processes. The connection goes on the command line
 * without its password (any local user may read a process's arguments); the password goes in
 * PGPASSWORD. postgres.js takes a few URL options libpq does not (`ssl=`): they are translated,
 * and any other option libpq would refuse is left out.
 */
const libpqOptions = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'sslcrl',
  'sslpassword',
  'application_name',
  'connect_timeout',
  'options',
  'target_session_attrs',
]);

export interface PgConnection {
  /** The URL for `--dbname`, without a password. */
  dbname: string;
  env: NodeJS.ProcessEnv;
}

export function pgConnection(databaseUrl: string): PgConnection {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const params = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (libpqOptions.has(key)) params.set(key, value);
    else if (key === 'ssl' && !url.searchParams.has('sslmode'))
      params.set('sslmode', value === 'false' || value === 'disable' ? 'disable' : 'require');
  }
  url.search = params.toString();
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The program's path: in `binDir` when given, else found on PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', binDir?: string): string {
  return binDir ? path.join(binDir, name) : name;
}

/** Runs a program to its end; rejects with its last lines of stderr when it fails. */
export function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${program} was not found: install the PostgreSQL client tools, or pass --pg-bin <folder>`
            : `${program}: ${error.message}`,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(
            `${path.basename(program)} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join('\n')}`,
          ),
        );
    });
  });
}

/** The major version of a client program, from `pg_dump --version` ("pg_dump (PostgreSQL) 15.20 ..."). */
export async function programMajor(program: string): Promise<number> {
  const out = await run(program, ['--version']);
  const match = out.match(/\(PostgreSQL\)\s+(\d+)/);
  if (!match?.[1]) throw new Error(`Cannot read the version of ${program}: ${out.trim()}`);
  return Number(match[1]);
}
