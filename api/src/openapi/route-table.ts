import type { RouterRoute } from 'hono/types';

/** How an endpoint is named: `GET /api/products/:id` (app.ts's `RouteKey` lists the app's own). */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/** One endpoint of the app: its method, its path as Hono has it, and its handlers in order. */
export interface Endpoint {
  /** `GET /api/products/:id`, as `RouteKey` spells it. */
  key: string;
  method: string;
  path: string;
  /** The route's own middleware (validators among them), then its handler. */
  handlers: RouterRoute['handler'][];
}

/**
 * The app's endpoints under `/api`, read from its route table (`app.routes`): one per method and
 * path, in the order they were registered. Middleware mounted with `use` and the `*` catch-all
 * are registered for every method (`ALL`), so they are not endpoints.
 */
export function apiEndpoints(routes: readonly RouterRoute[]): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const { method, path, handler } of routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*')) continue;
    const key = `${method} ${path}`;
    const endpoint = byKey.get(key) ?? { key, method, path, handlers: [] };
    endpoint.handlers.push(handler);
    byKey.set(key, endpoint);
  }
  return [...byKey.values()];
}
