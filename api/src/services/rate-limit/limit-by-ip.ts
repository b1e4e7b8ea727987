import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { consumeRateLimit } from './consume-rate-limit.ts';

/** Counts one `action` from `ip`; 429 with `message` past `perHour`. */
export async function limitByIp({
  db,
  action,
  ip,
  perHour,
  message,
}: {
  db: Db;
  action: string;
  ip: string;
  perHour: number;
  message: string;
}) {
  const r = await consumeRateLimit({
    db,
    key: `${action}:ip:${ip}`,
    limit: perHour,
    windowSeconds: 3600,
  });
  if (!r.allowed) throw ApiError.rateLimited(message, r.retryAfterSeconds);
}
