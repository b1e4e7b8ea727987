import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppHandler } from '../src/main/app-handler.ts';

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The built renderer on a loopback HTTP server, answered by the same handler the app registers
 * for app://console (src/main/app-handler.ts): its files, its CSP header, and /api forwarded to
 * the server `apiBase()` names (the one the sign-in form sent through the bridge).
 */
export async function serveConsole(options: {
  rendererDir: string;
  apiBase: () => string | null;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const handle = createAppHandler({
    renderer: { dir: options.rendererDir },
    apiBase: options.apiBase,
    fetch: (input, init) => fetch(input, init),
  });
  const server = createServer((req, res) => {
    (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const v of Array.isArray(value) ? value : value ? [value] : [])
          headers.append(name, v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const response = await handle(
        new Request(`http://${req.headers.host}${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          body: hasBody ? new Uint8Array(await readBody(req)) : null,
        }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body && req.method !== 'HEAD') {
        for await (const chunk of response.body) res.write(chunk);
      }
      res.end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
