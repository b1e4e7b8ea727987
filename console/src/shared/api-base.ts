/**
 * The Studio server's address as staff type it ("studio.example", "http://10.0.0.5:3000/"),
 * reduced to an origin: http or https, no credentials, no path, query or fragment. `null` when it
 * cannot be one. Used by the sign-in form and, again, by the main process before it is stored.
 */
export function normalizeApiBase(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  // A bare host name is meant as https, as a browser's address bar would take it.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  // The API lives at /api on the origin (README), so a pasted ".../api" is taken as its origin;
  // any other path, a query or a fragment would be dropped silently, so it is refused instead.
  if (!/^\/(api\/?)?$/.test(url.pathname) || url.search || url.hash) return null;
  return url.origin;
}
