import { createHmac, timingSafeEqual } from 'node:crypto';

/** An HMAC-SHA256 of `purpose:value`, base64url: proves a link was made by us for this value. */
export function signValue(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

export function verifySignedValue(secret: string, purpose: string, value: string, token: string) {
  const expected = Buffer.from(signValue(secret, purpose, value));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
