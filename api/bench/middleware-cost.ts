import { Hono, type MiddlewareHandler } from 'hono';
import pino from 'pino';
import { PublicReadCache } from '../src/cache/public-read-cache.ts';
import type { AppEnv, Deps } from '../src/context.ts';
import { createLogger } from '../src/lib/logger.ts';
import { loadSession } from '../src/middleware/auth.ts';
import { compress } from '../src/middleware/compress.ts';
import { invalidateAfterWrites } from '../src/middleware/invalidate-after-writes.ts';
import { jsonBody } from '../src/middleware/json-body.ts';
import { publicCache, servePublicCacheHits } from '../src/middleware/public-cache.ts';
import { requestContext } from '../src/middleware/request-context.ts';
import { securityHeaders } from '../src/middleware/security-headers.ts';
import { type BenchResult, fmt } from './result.ts';

const ROUNDS = 30_000;
const body = new TextEncoder().encode(
  JSON.stringify({ services: Array.from({ length: 18 }, (_, i) => ({ id: i })) }),
);

/** CPU microseconds per request through `app.fetch` for one run of ROUNDS requests. */
async function cpuPerRequest(app: Hono<AppEnv>): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) {
    const res = await app.fetch(new Request('http://bench.local/api/x'));
    await res.arrayBuffer();
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / ROUNDS;
}

function appWith(...middleware: MiddlewareHandler<AppEnv>[]) {
  const app = new Hono<AppEnv>();
  for (const m of middleware) app.use(m);
  return app.get('/api/x', (c) => c.body(body, 200, { 'Content-Type': 'application/json' }));
}

/**
 * What each global middleware costs a request, measured in-process (no sockets): a bare route,
 * then the same route behind one middleware at a time, and behind the whole chain with the
 * answer in the public-read cache (answered by the fast path in front of the chain). The log goes nowhere (level silent) except
 * in the row that measures the access log itself.
 */
export async function middlewareCostBench(): Promise<BenchResult> {
  const deps = {
    log: createLogger({ LOG_LEVEL: 'silent' }),
    publicCache: new PublicReadCache(),
    env: { TRUST_PROXY: false },
  } as unknown as Deps;
  // The access log as the API writes it (asynchronously), into /dev/null rather than this
  // bench's own output.
  const withLog = {
    ...deps,
    log: pino(
      { level: 'info', base: undefined },
      pino.destination({ dest: '/dev/null', sync: false }),
    ),
  };
  const context = requestContext(deps);
  const cases: [string, Hono<AppEnv>][] = [
    ['bare route', appWith()],
    ['request context (ids, deps)', appWith(context)],
    ['request context with the access log at info', appWith(requestContext(withLog))],
    ['security headers', appWith(context, securityHeaders)],
    ['compression check (no Accept-Encoding)', appWith(context, compress)],
    ['JSON body check', appWith(context, jsonBody)],
    ['session lookup without a token', appWith(context, loadSession)],
    ['write invalidation check', appWith(context, invalidateAfterWrites)],
    [
      'whole chain, cached public read (fast path)',
      appWith(
        servePublicCacheHits(deps),
        context,
        securityHeaders,
        compress,
        jsonBody,
        loadSession,
        invalidateAfterWrites,
        publicCache(60),
      ),
    ],
  ];
  // CPU time, not wall time, so other work on the machine counts as little as possible; the
  // cases take turns over five runs (the first warms the JIT) and each keeps its best run.
  const best = cases.map(() => Number.POSITIVE_INFINITY);
  for (let run = 0; run < 6; run++) {
    for (const [i, [, app]] of cases.entries()) {
      const us = await cpuPerRequest(app);
      if (run > 0) best[i] = Math.min(best[i] ?? us, us);
    }
  }
  const results = cases.map(([name], i): [string, number] => [name, best[i] ?? 0]);
  const bare = results[0]?.[1] ?? 1;
  const contextCost = results[1]?.[1] ?? bare;
  return {
    title: `middleware cost: ${fmt(ROUNDS)} in-process requests each (best of 5, after a warm-up run), CPU microseconds per request`,
    rows: results.map(([name, us], i) => ({
      name,
      value: `${us.toFixed(1)} µs`,
      baseline: i === 0 ? '' : `bare ${bare.toFixed(1)} µs`,
      ratio: i === 0 ? null : bare / us,
      target: '',
      met: null,
      note:
        i === 0
          ? undefined
          : `+${(us - (i > 2 && i < cases.length - 1 ? contextCost : bare)).toFixed(1)} µs over ${i > 2 && i < cases.length - 1 ? 'the request context' : 'bare'}`,
    })),
  };
}
