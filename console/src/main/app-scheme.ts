import { protocol } from 'electron';

/**
 * The renderer is served from its own scheme rather than file:// (Electron security checklist,
 * item 18): one origin for the app's files and its API calls, response headers (the CSP) that
 * file:// cannot carry, and no access to other local files.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: parsed like http (origin, relative URLs, storage); secure: a secure context;
      // supportFetchAPI: the renderer's fetch() reaches /api through it.
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Whether `target` is a page of the app itself (app://console/...). */
export function isAppUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST;
  } catch {
    return false;
  }
}

/** An http(s) address that may be handed to the system browser: no credentials, a real host. */
export function isSafeExternalUrl(target: string): boolean {
  try {
    const url = new URL(target);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
