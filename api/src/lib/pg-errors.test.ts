import { httpMessages } from '@studio/shared/messages/http';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  DatabaseUnavailableError,
  databaseUnavailableCause,
  isDatabaseUnavailable,
  isUniqueViolation,
} from './pg-errors.ts';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle reports a driver's error: its own, with the driver's as the cause. */
const wrapped = (cause: unknown) =>
  new Error('Failed query: insert into "contact_messages" ... params: a@b.co', { cause });

describe('databaseUnavailableCause', () => {
  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
    'DATABASE_UNAVAILABLE',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '57014',
    '55P03',
    '08006',
    '08001',
    '08P01',
  ])('%s is the database being unavailable, wrapped or not', (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
    expect(databaseUnavailableCause(wrapped(coded(code, 'the reason')))).toEqual({
      code,
      message: 'the reason',
    });
  });

  it("reads node-postgres's lost and slow connections (pg-boss) by their words", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('knows its own refusal', () => {
    expect(databaseUnavailableCause(wrapped(new DatabaseUnavailableError()))?.code).toBe(
      'DATABASE_UNAVAILABLE',
    );
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a missing table', coded('42P01')],
    ['a serialization failure', coded('40001')],
    ['a plain error', new Error('boom')],
    ['an ApiError', new ApiError('NOT_FOUND', httpMessages.notFound)],
    ['null', null],
    ['a string', 'ECONNREFUSED'],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it('leaves the unique-violation check as it was', () => {
    expect(isUniqueViolation(wrapped(coded('23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(coded('57P01')))).toBe(false);
  });
});
