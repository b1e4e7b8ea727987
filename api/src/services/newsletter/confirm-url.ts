import type { Env } from '../../env.ts';
import { signValue } from '../../lib/signed-token.ts';

/** What a confirmation token is signed for (never valid as an unsubscribe token, nor back). */
export const CONFIRM_PURPOSE = 'newsletter-confirm';

/** How long a confirmation link works: a week, for people who read their mail late. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 3600;

/** The signed text of a link: the address and its expiry (seconds since the epoch). */
export const confirmValue = (email: string, expires: number) => `${email}:${expires}`;

/**
 * The link of a confirmation mail: the address, when the link expires, and an HMAC of both, so
 * neither can be changed. `now` (ms) is when the mail is made.
 */
export function confirmUrl(
  env: Pick<Env, 'PUBLIC_URL'>,
  secret: string,
  email: string,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + CONFIRM_LINK_SECONDS;
  const params = new URLSearchParams({
    email,
    expires: String(expires),
    token: signValue(secret, CONFIRM_PURPOSE, confirmValue(email, expires)),
  });
  return `${env.PUBLIC_URL}/api/contact/newsletter/confirm?${params}`;
}
