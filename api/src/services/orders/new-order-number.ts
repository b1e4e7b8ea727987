import { randomInt } from 'node:crypto';

// Crockford's base32 without I, L, O, U: readable aloud and over the phone.
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `ORD-261122-7K3F9Q`: the day it was placed and 6 random characters (~10^9 per day). */
export function newOrderNumber(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  let tail = '';
  for (let i = 0; i < 6; i++) tail += alphabet[randomInt(alphabet.length)];
  return `ORD-${day}-${tail}`;
}
