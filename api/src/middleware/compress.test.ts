import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../test/accounts.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAdmin(t.db)).token;
});

describe('dynamic compression of API answers', () => {
  const accepting = (encoding?: string): { headers: Record<string, string> } => ({
    headers: encoding ? { 'Accept-Encoding': encoding } : {},
  });
  const services = (encoding?: string) =>
    t.as(token).api.admin.services.$get({}, accepting(encoding));

  it('compresses a JSON answer over 1 KB with brotli, or gzip, as the client accepts', async () => {
    const plain = await services();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const br = await services('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-length')).toBeNull();
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);

    const gz = await services('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.as(token).api.health.$get({}, accepting('br'));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('does not compress images', async () => {
    const res = await t.client.api.media[':folder'][':name'].$get(
      { param: { folder: 'products', name: 'nope.jpg' } },
      accepting('br'),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
