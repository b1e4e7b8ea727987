import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { runScript, startApi } from './test/process.ts';
import { createTestDatabase } from './test/setup-db.ts';

const siteDir = path.join(os.tmpdir(), 'studio-no-site');

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('pnpm start without DATABASE_URL (embedded PostgreSQL)', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, serves, stops on SIGINT leaving no database process, and keeps data for the next start', async () => {
    const first = await startApi({ DATA_DIR: dataDir, SITE_DIR: siteDir });
    const health = await createClient(first.url).health.$get();
    expect(health.status).toBe(200);

    // The first start creates an admin and prints its generated password once.
    const printed = first
      .output()
      .match(/Admin account created: (\S+)\n\s+Password \(shown once\): (\S+)/);
    expect(printed).not.toBeNull();
    const [, adminEmail, adminPassword] = printed ?? [];

    const reg = await createClient(first.url).auth.register.$post({
      json: {
        firstName: 'Kept',
        lastName: 'Across',
        email: 'kept@example.com',
        password: 'Secret123',
      },
    });
    expect(reg.status).toBe(201);

    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const pgPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(pidAlive(pgPid)).toBe(true);

    expect(await first.stop('SIGINT')).toBe(0);
    expect(first.output()).toContain('embedded PostgreSQL stopped');
    expect(pidAlive(pgPid)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);

    const second = await startApi({ DATA_DIR: dataDir, SITE_DIR: siteDir });
    try {
      expect(second.output()).not.toContain('shown once');
      const api = createClient(second.url);
      const login = await api.auth.login.$post({
        json: { email: 'kept@example.com', password: 'Secret123' },
      });
      expect(login.status).toBe(200);
      const admin = await api.auth.login.$post({
        json: { email: String(adminEmail), password: String(adminPassword) },
      });
      expect(admin.status).toBe(200);
      expect(((await admin.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      expect(await second.stop('SIGTERM')).toBe(0);
    }
  }, 120_000);
});

describe('with DATABASE_URL', () => {
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, prints no password, logs each request, stops on SIGTERM', async () => {
    const api = await startApi({
      DATABASE_URL: databaseUrl,
      SITE_DIR: siteDir,
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'OwnerPass123',
    });
    try {
      expect(api.output()).not.toContain('shown once');
      const login = await createClient(api.url).auth.login.$post({
        json: { email: 'owner@example.com', password: 'OwnerPass123' },
      });
      expect(login.status).toBe(200);
      const { token, user } = (await login.json()) as { token: string; user: { role: string } };
      expect(user.role).toBe('admin');
      const users = await createClient(api.url, { getToken: () => token }).admin.users.$get({
        query: {},
      });
      expect(users.status).toBe(200);
    } finally {
      expect(await api.stop('SIGTERM')).toBe(0);
    }
    expect(api.output()).toContain('"msg":"stopped"');
    // Every request is logged with its id.
    expect(api.output()).toMatch(
      /"requestId":"[\w-]+","method":"GET","path":"\/api\/admin\/users","status":200/,
    );
  }, 60_000);

  it('finishes a request that is in flight when SIGTERM arrives, then exits', async () => {
    const api = await startApi({ DATABASE_URL: databaseUrl, SITE_DIR: siteDir });
    const { port } = new URL(api.url);
    const body = JSON.stringify({ email: 'late@example.com', password: 'Secret123' });
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: createClient(api.url).auth.login.$url().pathname,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      // Half the body now, SIGTERM, the rest later: the request is in flight during shutdown.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        api.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answer).toBe(401);
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain('"msg":"stopped"');
  }, 60_000);

  it('refuses to start with a bad setting, naming it', async () => {
    const run = runScript('src/index.ts', [], { DATABASE_URL: databaseUrl, PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration:\n\s+PORT: /);
  }, 30_000);

  it('admin:create makes a new admin, and promotes an existing account', async () => {
    const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    const created = runScript('src/cli/admin-create.ts', ['new.admin@example.com'], env);
    expect(await created.exited).toBe(0);
    const password = created.output().match(/Password \(shown once\): (\S+)/)?.[1];
    expect(password).toBeDefined();

    const api = await startApi({ DATABASE_URL: databaseUrl, SITE_DIR: siteDir });
    try {
      const client = createClient(api.url);
      const login = await client.auth.login.$post({
        json: { email: 'new.admin@example.com', password: String(password) },
      });
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');

      await client.auth.register.$post({
        json: {
          firstName: 'Cu',
          lastName: 'Stomer',
          email: 'cust@example.com',
          password: 'Secret123',
        },
      });
      const promoted = runScript('src/cli/admin-create.ts', ['cust@example.com'], env);
      expect(await promoted.exited).toBe(0);
      expect(promoted.output()).toContain('Made admin: cust@example.com');
      const again = await client.auth.login.$post({
        json: { email: 'cust@example.com', password: 'Secret123' },
      });
      expect(((await again.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      await api.stop();
    }

    const bad = runScript('src/cli/admin-create.ts', ['not-an-email'], env);
    expect(await bad.exited).toBe(2);
  }, 90_000);
});
