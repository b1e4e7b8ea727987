import type { Env } from '../../env.ts';
import { signValue } from '../../lib/signed-token.ts';

/** What an unsubscribe token is signed for. */
export const UNSUBSCRIBE_PURPOSE = 'unsubscribe';

export function unsubscribeUrl(env: Pick<Env, 'PUBLIC_URL'>, secret: string, email: string) {
  const params = new URLSearchParams({
    email,
    token: signValue(secret, UNSUBSCRIBE_PURPOSE, email),
  });
  return `${env.PUBLIC_URL}/api/contact/unsubscribe?${params}`;
}
