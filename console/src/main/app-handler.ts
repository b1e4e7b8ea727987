import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildCsp } from './csp.ts';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface AppHandlerOptions {
  /** The built renderer (out/renderer), or the dev server's URL under `electron-vite dev`. */
  renderer: { dir: string } | { devServer: string };
  /** The Studio server's origin chosen at sign-in; `null` before the first sign-in. */
  apiBase: () => string | null;
  /** Electron's `net.fetch` in the app (system proxy settings apply); any fetch in tests. */
  fetch: Fetch;
  /**
   * Where the API's device cookie is kept for the server chosen (decision 024): the console
   * takes no cookies from the renderer, so the main process keeps this one and sends it with
   * `/api/auth/*` calls, so that staff signing in here are a known device. None: not kept.
   */
  deviceCookie?: {
    get(apiBase: string): string | null;
    set(apiBase: string, value: string): void;
  };
}

/** The API's device cookie (api/src/services/auth/device.ts) and the calls it goes with. */
const DEVICE_COOKIE = 'studio_device';
const DEVICE_COOKIE_PATH = '/api/auth/';
const DEVICE_COOKIE_VALUE = /^[A-Za-z0-9._-]{1,200}$/;

/** The device cookie a sign-in's answer sets, if any. */
function deviceCookieOf(res: Response): string | null {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0 || pair.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const value = pair.slice(eq + 1).trim();
    if (DEVICE_COOKIE_VALUE.test(value)) return value;
  }
  return null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

// Hop-by-hop and ambient-authority headers are not passed on: the API sees the console's call,
// not the renderer's origin or cookies.
const DROP_REQUEST = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'content-length',
  'origin',
  'referer',
  'cookie',
]);
// fetch has already decoded the body, so its encoding and length no longer describe it.
const DROP_RESPONSE = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'set-cookie',
]);

function jsonError(status: number, message: string, code: string): Response {
  return Response.json({ message, code }, { status });
}

async function proxyToApi(req: Request, url: URL, options: AppHandlerOptions): Promise<Response> {
  const apiBase = options.apiBase();
  if (!apiBase) return jsonError(503, 'No server address is set. Sign in first.', 'NO_API');
  const headers = new Headers();
  req.headers.forEach((value, name) => {
    if (!DROP_REQUEST.has(name)) headers.set(name, value);
  });
  const auth = url.pathname.startsWith(DEVICE_COOKIE_PATH);
  const device = auth ? options.deviceCookie?.get(apiBase) : null;
  if (device) headers.set('cookie', `${DEVICE_COOKIE}=${device}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  let res: Response;
  try {
    res = await options.fetch(`${apiBase}${url.pathname}${url.search}`, {
      method: req.method,
      headers,
      // Buffered: admin uploads are a few MB at most, and a buffered body works with every
      // fetch (Electron's and Node's) without half-duplex streams.
      body: hasBody ? await req.arrayBuffer() : null,
      // A redirect would re-send the bearer token somewhere else; say where instead.
      redirect: 'manual',
      signal: req.signal,
    });
  } catch {
    return jsonError(502, `Could not reach the server at ${apiBase}.`, 'API_UNREACHABLE');
  }
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers.get('location');
    const hint = to ? ` (to ${to}); sign in with that address instead` : '';
    return jsonError(502, `The server at ${apiBase} redirected the call${hint}.`, 'API_REDIRECT');
  }
  const renewed = auth && res.ok ? deviceCookieOf(res) : null;
  if (renewed) options.deviceCookie?.set(apiBase, renewed);
  return passOn(res);
}

/** A fetched answer, re-made with mutable headers and without the ones that no longer hold. */
function passOn(res: Response): Response {
  const headers = new Headers();
  res.headers.forEach((value, name) => {
    if (!DROP_RESPONSE.has(name)) headers.append(name, value);
  });
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

async function serveFile(dir: string, url: URL): Promise<Response> {
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    return new Response('Bad request', { status: 400 });
  }
  if (relative === '/' || relative === '') relative = '/index.html';
  const file = path.resolve(dir, `.${relative}`);
  const inside = path.relative(dir, file);
  if (!inside || inside.startsWith('..') || path.isAbsolute(inside) || relative.includes('\0')) {
    return new Response('Not found', { status: 404 });
  }
  try {
    const body = await readFile(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(body, { status: 200, headers: { 'content-type': type } });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

/**
 * Answers every request of the app's own origin (app://console in Electron; a loopback HTTP
 * server in the browser tests): `/api/*` is forwarded to the configured Studio server, anything
 * else is a file of the renderer. Each answer carries the renderer's CSP.
 *
 * The forwarding is what lets the renderer use the API at all: the API sends no CORS headers
 * and marks its responses Cross-Origin-Resource-Policy: same-origin, so direct calls from
 * another origin, and its images, would be blocked (docs/decisions/013-admin-console.md).
 */
export function createAppHandler(options: AppHandlerOptions): (req: Request) => Promise<Response> {
  const devServer = 'devServer' in options.renderer ? options.renderer.devServer : undefined;
  const csp = buildCsp({ devServer });
  return async (req) => {
    const url = new URL(req.url);
    let res: Response;
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      res = await proxyToApi(req, url, options);
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res = new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    } else if ('dir' in options.renderer) {
      res = await serveFile(options.renderer.dir, url);
    } else {
      res = passOn(await options.fetch(new URL(`${url.pathname}${url.search}`, devServer).href));
    }
    res.headers.set('content-security-policy', csp);
    res.headers.set('x-content-type-options', 'nosniff');
    return res;
  };
}
