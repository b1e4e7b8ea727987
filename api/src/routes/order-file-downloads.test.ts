import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadEvents } from '../db/schema/downloads.ts';
import { signUpCustomer } from '../test/accounts.ts';
import { digitalOrder, digitalProduct, getOrderFile, zipBytes } from '../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';

/**
 * Issue 25: how a paid file is downloaded: its headers, Range and resume, the signed link the
 * browser follows, and each refusal with its status and message.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { jobs: true });
});

/** A new customer's paid order of a new digital product carrying a 300 KB file. */
async function paidFile(options: Parameters<typeof digitalProduct>[1] = {}) {
  const made = await digitalProduct(t, { bytes: zipBytes(300 * 1024), ...options });
  const customer = await signUpCustomer(t);
  const order = await digitalOrder(t, customer.token, made.product.id);
  return { ...made, customer, orderId: order.id };
}

const leftOf = async (token: string, orderId: string) => {
  const res = await read(t.as(token).api.orders[':id'].$get({ param: { id: orderId } }));
  return res.body.order.downloads[0].files[0].downloadsLeft as number;
};

/** Reads `limit` bytes of a body, then lets the connection go (a cut download). */
async function readPart(res: Response, limit: number): Promise<Buffer> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const parts: Buffer[] = [];
  let got = 0;
  while (got < limit) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(Buffer.from(value));
    got += value.length;
  }
  await reader.cancel();
  return Buffer.concat(parts).subarray(0, limit);
}

describe('the download', () => {
  it('answers the bytes with their size, validator, ranges and the file’s own name', async () => {
    const { customer, orderId, file, bytes } = await paidFile({ name: 'Impacts – Vol 1.zip' });
    const res = await getOrderFile(t, customer.token, orderId, file.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(`"${file.sha256}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Impacts _ Vol 1.zip"; filename*=UTF-8''Impacts%20%E2%80%93%20Vol%201.zip`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a download cut at 60 % resumes with Range to the same bytes, using no second download', async () => {
    const { customer, orderId, file, bytes } = await paidFile();
    const cut = Math.floor(bytes.length * 0.6);
    const first = await readPart(await getOrderFile(t, customer.token, orderId, file.id), cut);
    expect(await leftOf(customer.token, orderId)).toBe(4);

    const rest = await getOrderFile(t, customer.token, orderId, file.id, {
      Range: `bytes=${cut}-`,
      'If-Range': `"${file.sha256}"`,
    });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(
      `bytes ${cut}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(rest.headers.get('content-length')).toBe(String(bytes.length - cut));
    const whole = Buffer.concat([first, Buffer.from(await rest.arrayBuffer())]);
    expect(whole.equals(bytes)).toBe(true);
    expect(await leftOf(customer.token, orderId)).toBe(4);

    // Every request is recorded, the resume as not counted, with the caller's address.
    const events = await t.db
      .select()
      .from(downloadEvents)
      .where(eq(downloadEvents.fileId, file.id))
      .orderBy(downloadEvents.createdAt);
    expect(events.map((e) => [e.rangeStart, e.counted])).toEqual([
      [0, true],
      [cut, false],
    ]);
    expect(events[0]?.userId).toBe(customer.user.id);
    expect(events[0]?.ip).toBeTruthy();
  });

  it('reads the last bytes and a middle range; an If-Range of another version gets the whole file', async () => {
    const { customer, orderId, file, bytes } = await paidFile();
    const tail = await getOrderFile(t, customer.token, orderId, file.id, { Range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-100))).toBe(true);
    const middle = await getOrderFile(t, customer.token, orderId, file.id, {
      Range: 'bytes=1000-1999',
    });
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const stale = await getOrderFile(t, customer.token, orderId, file.id, {
      Range: 'bytes=1000-',
      'If-Range': '"an-older-version"',
    });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 416 with the size for a range past the end, and HEAD counts nothing', async () => {
    const { customer, orderId, file, bytes } = await paidFile();
    const past = await getOrderFile(t, customer.token, orderId, file.id, {
      Range: `bytes=${bytes.length}-`,
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const head = await t.app.request(`/api/orders/${orderId}/files/${file.id}`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await leftOf(customer.token, orderId)).toBe(5);
  });

  it('a signed link from the order page downloads without the bearer token; a changed one is 401', async () => {
    const { customer, orderId, file, bytes } = await paidFile();
    const link = await read(
      t.as(customer.token).api.orders[':id'].files[':fileId'].link.$post({
        param: { id: orderId, fileId: file.id },
      }),
    );
    expect(link.status).toBe(200);
    const hours = (Date.parse(link.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    const res = await t.app.request(link.body.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const forged = await t.app.request(link.body.url.replace(/token=[^&]+/, 'token=forged'));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toBe(
      'This download link is not valid. Open your order again and download from there.',
    );
  });
});

describe('refusals', () => {
  it('a signed-out caller: 401', async () => {
    const { orderId, file } = await paidFile();
    const res = await getOrderFile(t, undefined, orderId, file.id);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Sign in to download your files.',
    );
  });

  it("another customer's file, a made-up id, a file of another product: 404", async () => {
    const { orderId, file } = await paidFile();
    const stranger = await signUpCustomer(t);
    const other = await digitalProduct(t);
    const cases = [
      await getOrderFile(t, stranger.token, orderId, file.id),
      await getOrderFile(t, stranger.token, orderId, '00000000-0000-4000-8000-000000000000'),
      await getOrderFile(t, stranger.token, 'not-an-id', file.id),
    ];
    const { customer, orderId: own } = await paidFile();
    cases.push(await getOrderFile(t, customer.token, own, other.file.id));
    for (const res of cases) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        'There is no such file on this order.',
      );
    }
  });

  it('an unpaid order: 409', async () => {
    const { product, file } = await digitalProduct(t);
    const customer = await signUpCustomer(t);
    const order = await digitalOrder(t, customer.token, product.id, { paid: false });
    const res = await getOrderFile(t, customer.token, order.id, file.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'This order is not paid yet: its files are ready to download once it is.',
    );
  });

  it('no downloads left: 403 saying so, and a resume of the last one still passes', async () => {
    const { customer, orderId, file, bytes } = await paidFile({ product: { downloadLimit: 2 } });
    for (let i = 0; i < 2; i++) {
      const res = await getOrderFile(t, customer.token, orderId, file.id);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const resumed = await getOrderFile(t, customer.token, orderId, file.id, {
      Range: 'bytes=500-',
    });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer()).equals(bytes.subarray(500))).toBe(true);
    const third = await getOrderFile(t, customer.token, orderId, file.id);
    expect(third.status).toBe(403);
    expect(((await third.json()) as { message: string }).message).toBe(
      `You have used all 2 downloads of ${file.name}. Write to hello@studio.local if you need another.`,
    );
  });
});
