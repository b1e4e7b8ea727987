import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** Lucia guide: 20 random bytes (160 bits of entropy) as base32 text. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this hash is stored: a copy of the sessions table cannot be used to sign in. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the expiry once less than half the lifetime is left, not on every request. */
export const SESSION_RENEW_BEFORE_MS = SESSION_TTL_MS / 2;
