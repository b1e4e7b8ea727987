import os from 'node:os';
import path from 'node:path';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/client.ts';
import { downloadEvents, downloadGrants } from '../src/db/schema/downloads.ts';
import { cutDownload, digitalProduct, zipBytes } from '../src/test/downloads.ts';
import { newUser } from '../src/test/harness.ts';
import { markOrderPaid } from '../src/test/invoices.ts';
import { type Running, startApi } from '../src/test/process.ts';
import { processBed } from '../src/test/process-bed.ts';
import { startTestS3, type TestS3 } from '../src/test/s3.ts';

/**
 * Issue 25 on two machines: two real API processes on one database and one bucket (s3rver), a
 * data folder each. A buyer's downloads are counted under the grant's row lock in PostgreSQL
 * (decision 045), so whichever process answers, none is counted twice or missed, and a download
 * begun on one resumes on the other without using one up.
 */
const CONTACT = 'studio@cluster.example';
const { db, databaseUrl, dataDir, running } = await processBed('downloads-cluster', {
  connections: 3,
});
let s3: TestS3;
let a: Running;
let b: Running;
beforeAll(async () => {
  s3 = await startTestS3({ bucket: 'studio-cluster-downloads' });
  const env = (name: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, name),
    SITE_DIR: path.join(os.tmpdir(), 'studio-no-site'),
    APP_SECRET: 'cluster-downloads-secret-0123456789abcdef',
    BUSINESS_EMAIL: CONTACT,
    ...s3.env,
  });
  // One after the other: the first makes the schema.
  a = await startApi(env('a'));
  running.push(a);
  b = await startApi(env('b'));
  running.push(b);
});
afterAll(async () => {
  await s3?.close();
});

const api = (run: Running, token?: string) =>
  createClient(run.url, { getToken: () => token ?? null });

/** A 3 MB file on a digital product of `downloadLimit`, and a new buyer's paid order of it. */
async function paidDownload(downloadLimit: number) {
  const { product, file, bytes } = await digitalProduct(
    { db, storage: s3.storage() },
    { bytes: zipBytes(3 * 1024 * 1024), product: { downloadLimit } },
  );
  const registered = await api(a).auth.register.$post({ json: newUser() });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const placed = await api(b, token).orders.$post({
    json: { items: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string } };
  await markOrderPaid(db, order.id);
  const path = `/api/orders/${order.id}/files/${file.id}`;
  return {
    token,
    file,
    bytes,
    orderId: order.id,
    get: (run: Running, headers: Record<string, string> = {}) =>
      fetch(`${run.url}${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } }),
    url: (run: Running) => `${run.url}${path}`,
  };
}

/** The file's downloads used and left as the buyer's order page on `run` shows them. */
async function shown(run: Running, token: string, orderId: string) {
  const res = await api(run, token).orders[':id'].$get({ param: { id: orderId } });
  expect(res.status).toBe(200);
  const { order } = (await res.json()) as {
    order: { downloads: { files: { downloadsUsed: number; downloadsLeft: number | null }[] }[] };
  };
  const { downloadsUsed, downloadsLeft } = order.downloads[0]?.files[0] ?? {};
  return { downloadsUsed, downloadsLeft };
}

/** The download events recorded of the order's grant: how many counted, how many not. */
async function events(orderId: string) {
  const rows = await db
    .select({ counted: downloadEvents.counted })
    .from(downloadEvents)
    .innerJoin(downloadGrants, eq(downloadGrants.id, downloadEvents.grantId))
    .where(and(eq(downloadGrants.orderId, orderId)));
  return {
    counted: rows.filter((r) => r.counted).length,
    resumed: rows.filter((r) => !r.counted).length,
  };
}

describe('downloads across two API processes', () => {
  it('a download counted on one process is seen on the other', async () => {
    const d = await paidDownload(5);
    expect(await shown(b, d.token, d.orderId)).toEqual({ downloadsUsed: 0, downloadsLeft: 5 });
    const res = await d.get(a);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(d.bytes)).toBe(true);
    expect(await shown(b, d.token, d.orderId)).toEqual({ downloadsUsed: 1, downloadsLeft: 4 });
    expect(await shown(a, d.token, d.orderId)).toEqual({ downloadsUsed: 1, downloadsLeft: 4 });
  });

  it('with 2 downloads left, four at once over both processes give 2 files and 2 refusals', async () => {
    const d = await paidDownload(2);
    const answers = await Promise.all(
      [a, b, a, b].map(async (run) => {
        const res = await d.get(run);
        const body = Buffer.from(await res.arrayBuffer());
        return { status: res.status, body };
      }),
    );
    const ok = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(2);
    for (const r of ok) expect(r.body.equals(d.bytes)).toBe(true);
    expect(refused.map((r) => r.status)).toEqual([403, 403]);
    for (const r of refused)
      expect(JSON.parse(r.body.toString())).toEqual({
        message: m.noDownloadsLeft(2, d.file.name, CONTACT),
        code: 'FORBIDDEN',
      });
    expect(await shown(a, d.token, d.orderId)).toEqual({ downloadsUsed: 2, downloadsLeft: 0 });
    expect(await events(d.orderId)).toEqual({ counted: 2, resumed: 0 });
  });

  it('a download cut on one process resumes on the other with Range, counting nothing', async () => {
    const d = await paidDownload(2);
    const cut = await cutDownload(d.url(a), d.token, 1024 * 1024);
    expect(cut.status).toBe(200);
    const got = cut.received.length;
    expect(got).toBeLessThan(d.bytes.length);
    expect(await shown(b, d.token, d.orderId)).toEqual({ downloadsUsed: 1, downloadsLeft: 1 });

    const rest = await d.get(b, { Range: `bytes=${got}-`, 'If-Range': `"${d.file.sha256}"` });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(
      `bytes ${got}-${d.bytes.length - 1}/${d.bytes.length}`,
    );
    const whole = Buffer.concat([cut.received, Buffer.from(await rest.arrayBuffer())]);
    expect(whole.equals(d.bytes)).toBe(true);
    expect(await shown(a, d.token, d.orderId)).toEqual({ downloadsUsed: 1, downloadsLeft: 1 });
    expect(await events(d.orderId)).toEqual({ counted: 1, resumed: 1 });
  });
});
