import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';

/**
 * Each test file gets its own database, copied from the migrated template on first use and
 * dropped when the file ends, so files never see each other's rows.
 */
let created: { name: string; url: string } | undefined;

export function testDatabaseUrl(): string {
  if (created) return created.url;
  throw new Error('call await createTestDatabase() first');
}

export async function createTestDatabase(): Promise<string> {
  if (created) return created.url;
  const server = inject('pgServerUrl');
  const name = `${inject('pgRunPrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  created = { name, url: url.toString() };
  return created.url;
}

afterAll(async () => {
  if (!created) return;
  const admin = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${created.name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
});
