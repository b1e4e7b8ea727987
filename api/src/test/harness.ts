import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createApp } from '../app.ts';
import { createDb } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { type Env, parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase } from './setup-db.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: ReturnType<typeof createDb>['db'];
  env: Env;
  /** A JSON request; `token` becomes the bearer header. Answers the status and parsed body. */
  call: (
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON an endpoint answers
  ) => Promise<{ status: number; body: any; headers: Headers }>;
}

/**
 * The app on this file's own database, seeded, with quiet logs. `env` overrides settings
 * (strings, as in the environment).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = await createTestDatabase();
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-test-data-')),
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    AUTH_RATE_LIMIT_PER_IP: '100000',
    ...env,
  });
  const { db, sql } = createDb(url, { max: 5 });
  afterAll(() => sql.end());
  await seed(db);
  const app = createApp({ db, env: parsed, log: createLogger(parsed) });
  const call: TestApp['call'] = async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await app.request(p, { method, headers, body });
    const text = await res.text();
    let parsedBody: unknown = text;
    try {
      parsedBody = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsedBody, headers: res.headers };
  };
  return { app, db, env: parsed, call };
}

let counter = 0;
/** A fresh valid registration body; each call a new e-mail. */
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${Date.now().toString(36)}.${counter}@example.com`,
    phone: '+15551234567',
    password: 'Secret123',
    ...overrides,
  };
}
