import { newsletterMessages as m } from '@studio/shared/messages/newsletter';
import { ApiError } from '../../lib/api-error.ts';
import { verifySignedValue } from '../../lib/signed-token.ts';
import { CONFIRM_PURPOSE, confirmValue } from './confirm-url.ts';

/**
 * Checks a confirmation link's query before anything is read or written: a token signed for this
 * address and expiry (else 400 "not valid"), and an expiry still ahead (else 400 "expired").
 * Answers the address.
 */
export function checkConfirmLink({
  secret,
  email,
  expires,
  token,
  now = Date.now(),
}: {
  secret: string;
  email: string;
  expires: string;
  token: string;
  now?: number;
}): { email: string } {
  if (!/^\d{1,12}$/.test(expires)) throw new ApiError('BAD_REQUEST', m.badConfirmLink);
  const at = Number(expires);
  if (!verifySignedValue(secret, CONFIRM_PURPOSE, confirmValue(email, at), token)) {
    throw new ApiError('BAD_REQUEST', m.badConfirmLink);
  }
  if (at * 1000 <= now) throw new ApiError('BAD_REQUEST', m.confirmLinkExpired);
  return { email };
}
