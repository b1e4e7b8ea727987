import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../lib/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose user may CREATE DATABASE. */
    pgServerUrl: string;
    /** A migrated database to copy for each test file. */
    pgTemplate: string;
    /** Prefix of every database this run creates. */
    pgRunPrefix: string;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL's server, else an embedded one in a temp folder.
 * It holds a migrated template; each test file copies it (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-test-pg-'));
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tmp, 'postgres'),
      log: createLogger({ LOG_LEVEL: 'warn' }),
      ephemeral: true,
    });
    serverUrl = embedded.url;
  }
  const prefix = `studio_t${Date.now().toString(36)}${process.pid}`;
  const template = `${prefix}_tpl`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${template}"`);
  await runMigrations(withDatabase(serverUrl, template));

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', prefix);

  return async () => {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const { datname } of rows) {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.end();
    await embedded?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  };
}
