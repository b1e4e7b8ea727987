import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppHandler } from './app-handler.ts';
import { buildCsp } from './csp.ts';

const ORIGIN = 'app://console';
let root: string;
let rendererDir: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'console-handler-'));
  rendererDir = path.join(root, 'renderer');
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Console</title>');
  writeFileSync(path.join(rendererDir, 'assets', 'index-1.js'), 'console.log(1)');
  // Outside the renderer's folder: must never be served.
  mkdirSync(path.join(root, 'main'));
  writeFileSync(path.join(root, 'main', 'index.js'), 'secret main code');
});

function handler(apiBase: string | null = 'https://studio.example', fetch = vi.fn()) {
  return {
    fetch,
    handle: createAppHandler({ renderer: { dir: rendererDir }, apiBase: () => apiBase, fetch }),
  };
}

describe('the renderer files', () => {
  it.each([
    ['/', 'text/html; charset=utf-8', '<!doctype html>'],
    ['/index.html', 'text/html; charset=utf-8', '<!doctype html>'],
    ['/assets/index-1.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
  ])('serves %s as %s with the CSP', async (file, type, start) => {
    const res = await handler().handle(new Request(`${ORIGIN}${file}`));

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-security-policy')).toBe(buildCsp());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toMatch(new RegExp(`^${start.replace(/[()]/g, '\\$&')}`));
  });

  it.each([
    '/../main/index.js',
    '/%2e%2e/main/index.js',
    '/assets/..%2f..%2fmain/index.js',
    '/assets/%2e%2e%5c..%5cmain%5cindex.js',
    '/missing.js',
    '/assets',
    '/%E0%A4%A',
  ])('answers %s with no file from outside (404/400)', async (file) => {
    const res = await handler().handle(new Request(`${ORIGIN}${file}`));

    expect([400, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('secret');
  });

  it('refuses other methods than GET and HEAD', async () => {
    const res = await handler().handle(new Request(`${ORIGIN}/index.html`, { method: 'POST' }));
    expect(res.status).toBe(405);
  });

  it('fetches from the dev server under electron-vite dev, with the dev policy', async () => {
    const fetch = vi.fn(
      async () => new Response('<html>dev</html>', { headers: { 'content-type': 'text/html' } }),
    );
    const handle = createAppHandler({
      renderer: { devServer: 'http://localhost:5174/' },
      apiBase: () => null,
      fetch,
    });

    const res = await handle(new Request(`${ORIGIN}/src/main.tsx?t=1`));

    expect(fetch).toHaveBeenCalledWith('http://localhost:5174/src/main.tsx?t=1');
    expect(await res.text()).toBe('<html>dev</html>');
    expect(res.headers.get('content-security-policy')).toBe(
      buildCsp({ devServer: 'http://localhost:5174/' }),
    );
  });
});

describe('/api forwarding', () => {
  it('sends the call to the chosen server with its method, query, body and token', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ added: 2 }, { status: 200, headers: { 'x-request-id': 'r1' } }),
    );
    const { handle } = handler('https://studio.example', fetch);

    const res = await handle(
      new Request(`${ORIGIN}/api/admin/subscribers/import?dry=1`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer tok',
          'content-type': 'application/json',
          cookie: 'a=b',
          origin: ORIGIN,
        },
        body: JSON.stringify({ content: 'a@b.co' }),
      }),
    );

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 2 });
    expect(res.headers.get('x-request-id')).toBe('r1');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://studio.example/api/admin/subscribers/import?dry=1');
    expect(init?.method).toBe('POST');
    expect(init?.redirect).toBe('manual');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('cookie')).toBe(false);
    expect(headers.has('origin')).toBe(false);
    expect(new TextDecoder().decode(init?.body as ArrayBuffer)).toBe('{"content":"a@b.co"}');
  });

  it('keeps the API’s device cookie per server and sends it with /api/auth calls only', async () => {
    const kept = new Map<string, string>();
    const deviceCookie = {
      get: (apiBase: string) => kept.get(apiBase) ?? null,
      set: (apiBase: string, value: string) => void kept.set(apiBase, value),
    };
    const device = 'user-1.nonce_A-1.sig_B-2';
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      const headers = new Headers({ 'content-type': 'application/json' });
      if (url.endsWith('/api/auth/login')) {
        headers.append('set-cookie', 'other=1; Path=/');
        headers.append(
          'set-cookie',
          `studio_device=${device}; Max-Age=31536000; Path=/api/auth; HttpOnly; SameSite=Lax`,
        );
      }
      return new Response('{}', { status: 200, headers });
    });
    let apiBase = 'https://studio.example';
    const handle = createAppHandler({
      renderer: { dir: rendererDir },
      apiBase: () => apiBase,
      fetch,
      deviceCookie,
    });
    const sentCookie = () => new Headers(fetch.mock.calls.at(-1)?.[1]?.headers).get('cookie');
    const login = () =>
      handle(
        new Request(`${ORIGIN}/api/auth/login`, {
          method: 'POST',
          body: '{}',
          headers: { cookie: 'x=y' },
        }),
      );

    const first = await login();
    expect(sentCookie()).toBeNull();
    // Kept by the main process, never handed to the renderer.
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(kept.get('https://studio.example')).toBe(device);

    await login();
    expect(sentCookie()).toBe(`studio_device=${device}`);
    await handle(new Request(`${ORIGIN}/api/auth/password`, { method: 'PUT', body: '{}' }));
    expect(sentCookie()).toBe(`studio_device=${device}`);
    await handle(new Request(`${ORIGIN}/api/admin/orders`));
    expect(sentCookie()).toBeNull();
    // Another server never gets this one's cookie.
    apiBase = 'https://other.example';
    fetch.mockResolvedValueOnce(Response.json({}, { status: 401 }));
    await login();
    expect(sentCookie()).toBeNull();
    expect(kept.has('https://other.example')).toBe(false);
  });

  it('passes error answers on as they are', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ message: 'Invalid email or password' }, { status: 401 }),
    );
    const res = await handler('https://studio.example', fetch).handle(
      new Request(`${ORIGIN}/api/auth/login`, { method: 'POST', body: '{}' }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('drops the encoding headers of a body fetch has already decoded', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('{}', {
          headers: { 'content-encoding': 'gzip', 'content-length': '20', 'set-cookie': 'x=1' },
        }),
    );
    const res = await handler('https://studio.example', fetch).handle(
      new Request(`${ORIGIN}/api/x`),
    );
    expect(res.headers.has('content-encoding')).toBe(false);
    expect(res.headers.has('set-cookie')).toBe(false);
  });

  it('answers 503 before a server is chosen, without calling out', async () => {
    const { handle, fetch } = handler(null);
    const res = await handle(new Request(`${ORIGIN}/api/auth/me`));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'NO_API' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers 502 with a message naming the server when it cannot be reached', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const res = await handler('http://10.0.0.9:3000', fetch).handle(
      new Request(`${ORIGIN}/api/health`),
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'Could not reach the server at http://10.0.0.9:3000.',
      code: 'API_UNREACHABLE',
    });
  });

  it('does not follow a redirect (the token would go with it) and says where it pointed', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(null, { status: 301, headers: { location: 'https://studio.example/api/x' } }),
    );
    const res = await handler('http://studio.example', fetch).handle(
      new Request(`${ORIGIN}/api/x`),
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toContain(
      'https://studio.example/api/x',
    );
  });

  it('forwards only /api and below: /apix is a file path', async () => {
    const { handle, fetch } = handler();
    const res = await handle(new Request(`${ORIGIN}/apix`));
    expect(res.status).toBe(404);
    expect(fetch).not.toHaveBeenCalled();
  });
});
