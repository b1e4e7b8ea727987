const pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach SQL: a malformed one is a 404, never a 500. */
export function isUuid(value: string): boolean {
  return pattern.test(value);
}
