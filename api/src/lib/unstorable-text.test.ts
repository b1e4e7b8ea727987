import { httpMessages } from '@studio/shared/messages/http';
import { inputMessages } from '@studio/shared/messages/input';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { handleError } from './error-handler.ts';
import { createLogger } from './logger.ts';
import { unstorableTextCause } from './pg-errors.ts';

/**
 * The net under the text rule: what PostgreSQL itself answers for text it cannot hold, read off
 * the real server through the app's driver, is the caller's 400, never a 500.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

async function refusal(query: () => Promise<unknown>): Promise<unknown> {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error('the database took it');
}

/** What the error handler answers for `error` thrown by a route. */
async function answered(error: unknown) {
  const log = createLogger({ LOG_LEVEL: 'silent' });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('log', log);
      c.set('requestId', 'test');
      await next();
    })
    .get('/x', () => {
      throw error;
    });
  app.onError(handleError);
  return read(app.request('/x'));
}

describe('text PostgreSQL refuses', () => {
  it.each([
    ['NUL in a text value', () => t.db.execute(sql`select ${'a\u0000b'}::text`), '22021'],
    [
      'NUL in jsonb',
      () => t.db.execute(sql`select ${JSON.stringify({ a: '\u0000' })}::jsonb`),
      '22P05',
    ],
    [
      'an unpaired surrogate in jsonb',
      () => t.db.execute(sql`select ${JSON.stringify({ a: '\ud800x' })}::jsonb`),
      '22P02',
    ],
  ])('%s is the caller’s: 400 with a clear message', async (_, query, code) => {
    const error = await refusal(query);
    expect(unstorableTextCause(error)).toEqual({ code });
    const res = await answered(error);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_REQUEST', message: inputMessages.unstorableText });
  });

  it('a malformed uuid stays our bug: a logged 500', async () => {
    const error = await refusal(() => t.db.execute(sql`select ${'nope'}::uuid`));
    expect(unstorableTextCause(error)).toBeUndefined();
    const res = await answered(error);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'INTERNAL', message: httpMessages.internal });
  });
});
