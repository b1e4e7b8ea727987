import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in saw it: headers lower-cased, body parsed when it could be. */
export interface ReceivedRequest {
  method: string;
  /** Path and query string, as sent (e.g. `/transactions/status?txId=...`). */
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the fields of a form body, or the raw text if neither parses; undefined when empty. */
  body: unknown;
  /** The body exactly as received. */
  rawBody: string;
}

export type Handler = (req: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

async function readRequest(req: IncomingMessage): Promise<ReceivedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  const headers = flatHeaders(req);
  return {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers,
    body: parseBody(rawBody, headers['content-type']),
    rawBody,
  };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function listen(
  handler: Handler,
  onRequest: (req: ReceivedRequest) => void,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    readRequest(req)
      .then(async (received) => {
        onRequest(received);
        await handler(received, res);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
        else res.end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
