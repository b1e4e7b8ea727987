/**
 * Control characters (NUL among them, which PostgreSQL refuses), unpaired UTF-16 surrogates and
 * invisible format characters (bidi overrides, zero-width spaces) have no place in an address.
 */
const unstorable = /[\p{Cc}\p{Cs}\p{Cf}]/u;

/** Whether an address (already checked against the shared pattern) can be stored and mailed. */
export function isStorableAddress(email: string): boolean {
  return !unstorable.test(email);
}
