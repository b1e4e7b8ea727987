import { beforeAll, describe, expect, it } from 'vitest';
import { apiPolicyFor, SECURITY_HEADERS } from '../../middleware/security-headers.ts';
import { signUpCustomer } from '../../test/accounts.ts';
import { cutDownload, digitalOrder, digitalProduct, zipBytes } from '../../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';

/**
 * A buyer's download over real HTTP from the local disk, where the server sends the file's
 * bytes itself (lib/send-file.ts) rather than through the app's answer: the same headers as any
 * answer, the same bytes, ranges and cuts. (The in-process tests read the app's own answer.)
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  base = await t.listen();
});

/** A paid order of a new buyer's with a file of `size` bytes: its URL, the bytes, the token. */
async function paidFile(size: number) {
  const { product, file, bytes } = await digitalProduct(t, { bytes: zipBytes(size) });
  const { token } = await signUpCustomer(t);
  const order = await digitalOrder(t, token, product.id);
  const url = `${base}/api/orders/${order.id}/files/${file.id}`;
  const get = (init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(url, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  const used = async () => {
    const res = await read(t.as(token).api.orders[':id'].$get({ param: { id: order.id } }));
    return res.body.order.downloads[0].files[0].downloadsUsed as number;
  };
  return { url, token, file, bytes, get, used };
}

describe('a download from the local disk, over HTTP', () => {
  it('answers the whole file with its headers and every header of the app', async () => {
    const d = await paidFile(3 * 1024 * 1024 + 123);
    const res = await d.get();
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'application/zip',
      'content-length': String(d.bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${d.file.sha256}"`,
      'content-disposition': `attachment; filename="Cinematic Impacts Vol 1.zip"; filename*=UTF-8''Cinematic%20Impacts%20Vol%201.zip`,
      'cache-control': 'private, no-store',
      'content-security-policy': apiPolicyFor('application/zip'),
      ...Object.fromEntries(
        Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(d.bytes)).toBe(true);
    expect(await d.used()).toBe(1);
  });

  it('answers a range, HEAD without a body or a count, and 416 past the end', async () => {
    const d = await paidFile(2 * 1024 * 1024 + 7);
    const part = await d.get({ headers: { Range: 'bytes=1048570-1048599' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1048570-1048599/${d.bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(d.bytes.subarray(1048570, 1048600))).toBe(
      true,
    );
    const tail = await d.get({ headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(d.bytes.subarray(-10))).toBe(true);

    const head = await d.get({ method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(d.bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const past = await d.get({ headers: { Range: `bytes=${d.bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${d.bytes.length}`);
    // The first range counted one; the last 10 bytes, asked for just after, are its resumption.
    expect(await d.used()).toBe(1);
  });

  it('cut part-way, resumes to the same bytes; the server goes on answering', async () => {
    const d = await paidFile(8 * 1024 * 1024);
    const cut = await cutDownload(d.url, d.token, 1024 * 1024);
    const got = cut.received.length;
    expect(got).toBeLessThan(d.bytes.length);
    const rest = await d.get({ headers: { Range: `bytes=${got}-` } });
    expect(rest.status).toBe(206);
    const whole = Buffer.concat([cut.received, Buffer.from(await rest.arrayBuffer())]);
    expect(whole.equals(d.bytes)).toBe(true);
    expect(await d.used()).toBe(1);
    // Several at once, each whole.
    const many = await Promise.all(
      Array.from({ length: 4 }, async () => Buffer.from(await (await d.get()).arrayBuffer())),
    );
    for (const body of many) expect(body.equals(d.bytes)).toBe(true);
  });
});
