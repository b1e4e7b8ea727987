/**
 * A "where they came from" target that stays on this site: a path starting with one slash.
 * Anything else (another origin, `//host`, `javascript:`) is dropped, so a crafted link to
 * /login cannot send a visitor elsewhere after sign-in.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
