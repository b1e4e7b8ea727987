import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDb, type Db } from '../db/client.ts';
import type { Running } from './process.ts';
import { createTestDatabase } from './setup-db.ts';

interface Bed {
  /** The file's own database. */
  databaseUrl: string;
  /** A data folder for the processes (`studio-<name>-…` in the temporary folder). */
  dataDir: string;
  /** The processes the tests start: each still running after them is killed. */
  running: Running[];
}

interface BedOptions {
  /** How a process still running after the tests is ended; SIGKILL unless given. */
  kill?: (run: Running) => Promise<unknown>;
}

/**
 * What a test of API processes works on, made at once (`await` it at the top of the file) and
 * removed after the file's tests: its database, a data folder, the processes it starts, and
 * with `connections` a client (`db`) on the database that the tests read it through.
 */
export async function processBed(
  name: string,
  options: BedOptions & { connections: number },
): Promise<Bed & { db: Db }>;
export async function processBed(name: string, options?: BedOptions): Promise<Bed>;
export async function processBed(
  name: string,
  { kill = (run) => run.stop('SIGKILL'), connections }: BedOptions & { connections?: number } = {},
): Promise<Bed & { db?: Db }> {
  const databaseUrl = await createTestDatabase();
  const client = connections ? createDb(databaseUrl, { max: connections }) : undefined;
  const bed = {
    databaseUrl,
    dataDir: mkdtempSync(path.join(os.tmpdir(), `studio-${name}-`)),
    running: [] as Running[],
    db: client?.db,
  };
  afterAll(async () => {
    for (const run of bed.running) if (run.child.exitCode === null) await kill(run);
    await client?.sql.end();
    rmSync(bed.dataDir, { recursive: true, force: true });
  });
  return bed;
}
