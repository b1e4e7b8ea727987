/**
 * The renderer's Content-Security-Policy (Electron security checklist, item 7).
 *
 * The renderer reaches the Studio API only through its own origin: app://console/api/* is
 * forwarded by the main process (app-handler.ts) to the server chosen at sign-in. So
 * `connect-src` and `img-src` need no outside origin, whichever server is configured, and the
 * policy never has to change when the address does.
 */
export interface CspOptions {
  /** electron-vite dev: the dev server's origin, whose HMR socket and inline preamble run. */
  devServer?: string | undefined;
}

export function buildCsp({ devServer }: CspOptions = {}): string {
  const dev = devServer ? new URL(devServer) : undefined;
  const hmrSocket = dev ? `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}` : undefined;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // @vitejs/plugin-react's refresh preamble is an inline script, on the dev server only.
    ['script-src', "'self'", ...(dev ? ["'unsafe-inline'"] : [])],
    // Mantine injects <style> tags (CSS variables) and style attributes at run time.
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: for Mantine's inline SVGs, blob: for previews of images chosen for upload.
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(hmrSocket ? [hmrSocket] : [])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The same policy for index.html's <meta>, which cannot carry frame-ancestors. */
export function buildMetaCsp(): string {
  return buildCsp()
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}
