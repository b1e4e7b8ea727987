import { authMessages } from '@studio/shared/messages/auth';
import type { Env } from '../../env.ts';
import type { Counters } from '../rate-limit/counters.ts';
import { limitWithGrowingDelay } from '../rate-limit/limit-with-growing-delay.ts';
import { rateLimit } from '../rate-limit/rate-limit.ts';
import { refundHit } from '../rate-limit/refund-hit.ts';
import type { Device } from './device.ts';

export type LoginLimits = Pick<
  Env,
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'
  | 'LOGIN_FAILURES_PER_DEVICE'
  | 'LOGIN_FAILURES_PER_ADDRESS'
  | 'LOGIN_FAILURES_PER_HOUR'
  | 'LOGIN_FREE_FAILURES'
  | 'LOGIN_DELAY_SECONDS'
>;

const HOUR = 3600;

/**
 * Admits one password guess for an account, or throws 429 with Retry-After (decision 024,
 * OWASP's device cookies). Each counter takes the attempt before the password is checked, so
 * parallel guesses cannot pass together; `succeeded()` gives them back when the password was
 * right, so they count failures only.
 * - A known device (a valid device cookie bound to this account) is held only by its own
 *   counter: LOGIN_FAILURES_PER_DEVICE in the auth window. Strangers' failures never refuse it.
 * - Any other client: every attempt per address (AUTH_RATE_LIMIT_PER_IP, shared with sign-up),
 *   failures per address and account (LOGIN_FAILURES_PER_ADDRESS in the window), per account from
 *   all unknown devices together (LOGIN_FAILURES_PER_HOUR), and a wait between them that doubles
 *   after LOGIN_FREE_FAILURES (from LOGIN_DELAY_SECONDS up to the window). A right password from
 *   an unknown device is refused too while the account is held: OWASP's lockout of untrusted
 *   clients, which the owner's known devices escape.
 */
export async function guardPasswordAttempt({
  counters,
  env,
  email,
  userId,
  ip,
  device,
}: {
  counters: Counters;
  env: LoginLimits;
  /** The account asked for (also when no such account exists: it is held alike). */
  email: string;
  /** Its user, when it exists. */
  userId: string | undefined;
  ip: string;
  device: Device | null;
}): Promise<{ succeeded: () => Promise<void> }> {
  const message = authMessages.tooManyAttempts;
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const taken: string[] = [];
  const refund = async () => {
    for (const key of taken.splice(0)) await refundHit({ counters, key });
  };
  const take = async (key: string, hit: () => Promise<void>) => {
    try {
      await hit();
    } catch (error) {
      await refund();
      throw error;
    }
    taken.push(key);
  };
  const limit = (key: string, max: number, windowSeconds: number) =>
    take(key, () => rateLimit({ counters, key, limit: max, windowSeconds, message }));

  if (device && userId && device.userId === userId) {
    await limit(`login:device:${device.nonce}`, env.LOGIN_FAILURES_PER_DEVICE, window);
  } else {
    // Every attempt from the address counts, as for sign-up (the key of authRateLimit).
    await rateLimit({
      counters,
      key: `auth:ip:${ip}`,
      limit: env.AUTH_RATE_LIMIT_PER_IP,
      windowSeconds: window,
      message,
    });
    await limit(`login:address:${ip}:${email}`, env.LOGIN_FAILURES_PER_ADDRESS, window);
    await limit(`login:account:${email}`, env.LOGIN_FAILURES_PER_HOUR, HOUR);
    const key = `login:delay:${email}`;
    await take(key, () =>
      limitWithGrowingDelay({
        counters,
        key,
        free: env.LOGIN_FREE_FAILURES,
        firstDelaySeconds: env.LOGIN_DELAY_SECONDS,
        maxDelaySeconds: window,
        resetSeconds: HOUR,
        message,
      }),
    );
  }
  return { succeeded: refund };
}
