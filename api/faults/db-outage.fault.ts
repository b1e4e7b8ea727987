import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startApi } from '../src/test/process.ts';
import { startTestCluster, type TestCluster } from './db-cluster.ts';

/**
 * PostgreSQL stopped for 20 s under ~20 requests/s, with a real API process on a cluster this
 * test owns: every answer is the real outcome or a fast 503 with Retry-After, never a 500 or a
 * hang; /api/health turns 503 and back to 200 within 2 s of the database returning; the public
 * cache is emptied when its listener reconnects; no contact message is stored for a visitor who
 * was told 503.
 */

interface Sample {
  kind: 'health' | 'products' | 'product' | 'contact';
  seq: number;
  startedAt: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  error?: string;
}

const OUTAGE_MS = 20_000;
const RATE_PER_SECOND = 20;
/** Like a browser's patience: a request still open after this counts as a hang. */
const CLIENT_TIMEOUT_MS = 30_000;

let cluster: TestCluster;
let api: Running | undefined;
let dataDir: string;

beforeAll(async () => {
  cluster = await startTestCluster();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-db-outage-'));
});
afterAll(async () => {
  if (api && api.child.exitCode === null) await api.stop('SIGKILL');
  cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const kinds: Sample['kind'][] = ['health', 'products', 'product', 'contact'];

async function call(base: string, kind: Sample['kind'], seq: number): Promise<Sample> {
  const startedAt = performance.now();
  const init: RequestInit = { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) };
  let url = `${base}/api/health`;
  if (kind === 'products') url = `${base}/api/products`;
  if (kind === 'product') url = `${base}/api/products/${randomUUID()}`;
  if (kind === 'contact') {
    url = `${base}/api/contact`;
    init.method = 'POST';
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify({
      name: 'Fault Test',
      email: 'fault@example.com',
      subject: 'Outage',
      message: `outage probe ${seq}`,
    });
  }
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return {
      kind,
      seq,
      startedAt,
      ms: performance.now() - startedAt,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    return {
      kind,
      seq,
      startedAt,
      ms: performance.now() - startedAt,
      status: 0,
      retryAfter: null,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

describe('PostgreSQL stopped for 20 s under load', () => {
  it('answers 503 fast meanwhile, recovers within 2 s, stores nothing it answered 503 for', async () => {
    api = await startApi({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
      CONTACT_RATE_LIMIT_PER_HOUR: '100000',
    });
    const base = api.url;
    const samples: Promise<Sample>[] = [];
    let seq = 0;
    const load = setInterval(() => {
      const kind = kinds[seq % kinds.length] ?? 'health';
      samples.push(call(base, kind, seq));
      seq += 1;
    }, 1000 / RATE_PER_SECOND);

    await new Promise((r) => setTimeout(r, 3000));
    const downAt = performance.now();
    cluster.stop();
    const stoppedAt = performance.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (stoppedAt - downAt)));
    cluster.start();
    const upAt = performance.now();
    // The first 200 of /api/health after pg_ctl start has returned (the server accepts connections).
    let recoveredAt = 0;
    while (!recoveredAt && performance.now() - upAt < 30_000) {
      const probe = await call(base, 'health', -1);
      if (probe.status === 200) recoveredAt = probe.startedAt + probe.ms;
      else await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 3000));
    clearInterval(load);
    const done = await Promise.all(samples);

    // The listener re-subscribed: a change made now empties the public cache.
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    let cacheCleared = false;
    let contactRows: string[] = [];
    try {
      const before = (await (await fetch(`${base}/api/products`)).json()) as {
        products: { id: string; name: string }[];
      };
      const first = before.products[0];
      expect(first).toBeDefined();
      await admin`update products set name = ${'Renamed after outage'} where id = ${first?.id ?? ''}`;
      for (let i = 0; i < 50 && !cacheCleared; i++) {
        const after = (await (await fetch(`${base}/api/products`)).json()) as {
          products: { id: string; name: string }[];
        };
        cacheCleared = after.products.some((p) => p.name === 'Renamed after outage');
        if (!cacheCleared) await new Promise((r) => setTimeout(r, 100));
      }
      contactRows = (
        await admin<{ message: string }[]>`
          select message from contact_messages where message like 'outage probe %'`
      ).map((r) => r.message);
    } finally {
      await admin.end();
    }

    const during = done.filter((s) => s.startedAt >= downAt && s.startedAt < (recoveredAt || upAt));
    const failures = done.filter((s) => s.status !== 200 && s.status !== 201 && s.status !== 404);
    const statuses: Record<string, number> = {};
    for (const s of done)
      statuses[`${s.kind} ${s.status}`] = (statuses[`${s.kind} ${s.status}`] ?? 0) + 1;
    const latencies = during.map((s) => s.ms);
    const contact201 = new Set(
      done
        .filter((s) => s.kind === 'contact' && s.status === 201)
        .map((s) => `outage probe ${s.seq}`),
    );
    const contact503 = new Set(
      done
        .filter((s) => s.kind === 'contact' && s.status === 503)
        .map((s) => `outage probe ${s.seq}`),
    );
    const stored = new Set(contactRows);
    const report = {
      requests: done.length,
      duringOutage: during.length,
      statuses,
      outageP95Ms: Math.round(percentile(latencies, 95)),
      outageMaxMs: Math.round(Math.max(0, ...latencies)),
      pgStopMs: Math.round(stoppedAt - downAt),
      recoveryMs: recoveredAt ? Math.round(recoveredAt - upAt) : null,
      contact201: contact201.size,
      contact503: contact503.size,
      contactRows: stored.size,
      rowsFor503: [...contact503].filter((m) => stored.has(m)).length,
      missingRowsFor201: [...contact201].filter((m) => !stored.has(m)).length,
      cacheClearedAfterReconnect: cacheCleared,
      errors: done
        .filter((s) => s.error)
        .slice(0, 5)
        .map((s) => s.error),
    };
    console.log(`db outage: ${JSON.stringify(report, null, 1)}`);

    expect(report.errors).toEqual([]);
    expect(failures.every((s) => s.status === 503)).toBe(true);
    expect(failures.every((s) => s.retryAfter !== null && Number(s.retryAfter) > 0)).toBe(true);
    expect(report.duringOutage).toBeGreaterThan(200);
    expect(report.outageMaxMs).toBeLessThan(5000);
    expect(report.recoveryMs).not.toBeNull();
    expect(report.recoveryMs ?? Infinity).toBeLessThan(2000);
    expect(report.missingRowsFor201).toBe(0);
    expect(report.rowsFor503).toBe(0);
    expect(cacheCleared).toBe(true);
  }, 180_000);
});
