import { messages } from '@studio/shared/messages';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/api-error.ts';
import { consumeRateLimit, peekRateLimit } from '../rate-limit/consume-rate-limit.ts';

export type AuthLimits = Pick<
  Env,
  'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
>;

function refuse(retryAfterSeconds: number): never {
  throw ApiError.rateLimited(messages.auth.tooManyAttempts, retryAfterSeconds);
}

/** Counts an attempt from `ip`; 429 past the limit. */
export async function countAttemptFromIp({ db, env, ip }: { db: Db; env: AuthLimits; ip: string }) {
  const r = await consumeRateLimit({
    db,
    key: `auth:ip:${ip}`,
    limit: env.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuse(r.retryAfterSeconds);
}

/**
 * Per e-mail, sign-in counts only failures (so a victim's account is not locked by successful
 * logins elsewhere), sign-up counts every attempt.
 */
export function emailKey(kind: 'login' | 'register', email: string) {
  return `auth:${kind}:${email}`;
}

export async function checkEmailNotLocked({
  db,
  env,
  key,
}: {
  db: Db;
  env: AuthLimits;
  key: string;
}) {
  const r = await peekRateLimit({
    db,
    key,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuse(r.retryAfterSeconds);
}

export async function countEmailAttempt({
  db,
  env,
  key,
}: {
  db: Db;
  env: AuthLimits;
  key: string;
}) {
  const r = await consumeRateLimit({
    db,
    key,
    limit: env.AUTH_RATE_LIMIT_PER_EMAIL,
    windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!r.allowed) refuse(r.retryAfterSeconds);
}
