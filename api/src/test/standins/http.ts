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

/**
 * A peer failing on purpose, for fault tests:
 * - `hang`: the request is never acted on and never answered (a peer that went silent);
 * - `lose-answer`: the request is acted on, but its answer never comes (the work is done, the
 *   caller sees a timeout: PayPal capturing while the connection drops);
 * - `status`: answered with `status` and `body` instead (a 500 or 503 of the peer).
 */
export type Fault =
  | { kind: 'hang' }
  | { kind: 'lose-answer' }
  | { kind: 'status'; status: number; body: unknown };

/** Which requests a fault applies to, and how many more times (Infinity until cleared). */
export interface FaultRule {
  method?: string;
  /** The path without its query string, or a pattern tested against path and query. */
  path: string | RegExp;
  fault: Fault;
  times: number;
}

export interface Listening {
  baseUrl: string;
  /** Applies `fault` to the next `times` requests that match (all of them by default). */
  fault(match: { method?: string; path: string | RegExp }, fault: Fault, times?: number): void;
  clearFaults(): void;
  /** Stops listening: connections to the port are refused until `start()` (same port). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function matches(rule: FaultRule, req: ReceivedRequest): boolean {
  if (rule.method && rule.method !== req.method) return false;
  if (typeof rule.path === 'string') return req.path.split('?')[0] === rule.path;
  return rule.path.test(req.path);
}

/** A response that takes the handler's answer and sends nothing (`lose-answer`). */
function swallowed(res: ServerResponse): ServerResponse {
  const sink = Object.create(res) as ServerResponse;
  sink.writeHead = (() => sink) as never;
  sink.setHeader = (() => sink) as never;
  sink.write = (() => true) as never;
  sink.end = (() => sink) as never;
  return sink;
}

/** Starts `handler` on 127.0.0.1 at a free port. */
export async function listen(
  handler: Handler,
  onRequest: (req: ReceivedRequest) => void,
): Promise<Listening> {
  const rules: FaultRule[] = [];
  const server: Server = createServer((req, res) => {
    readRequest(req)
      .then(async (received) => {
        onRequest(received);
        const rule = rules.find((r) => r.times > 0 && matches(r, received));
        if (rule) {
          rule.times -= 1;
          const { fault } = rule;
          if (fault.kind === 'hang') return;
          if (fault.kind === 'status') {
            sendJson(res, fault.status, fault.body);
            return;
          }
          await handler(received, swallowed(res));
          return;
        }
        await handler(received, res);
      })
      .catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { detail: String(error) });
        else res.end();
      });
  });
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server.listening) {
        resolve();
        return;
      }
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      if (!server.listening) {
        resolve();
        return;
      }
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  await start();
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    fault(match, fault, times = Number.POSITIVE_INFINITY) {
      rules.unshift({ ...match, fault, times });
    },
    clearFaults() {
      rules.splice(0);
    },
    stop,
    start,
    close: () => {
      rules.splice(0);
      closing ??= stop();
      return closing;
    },
  };
}
