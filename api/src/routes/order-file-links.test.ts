import { downloadMessages as m } from '@studio/shared/messages/downloads';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadGrants } from '../db/schema/downloads.ts';
import { signUpCustomer } from '../test/accounts.ts';
import { digitalOrder, digitalProduct, zipBytes } from '../test/downloads.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';

/**
 * The order page's download links (decision 045): a file that could not be downloaded now gets
 * the download's own refusal instead of a link, so the page can say why rather than the browser
 * opening an error page.
 */
let t: TestApp;
const CONTACT = 'files@studio.example';

beforeAll(async () => {
  t = await createTestApp({ BUSINESS_EMAIL: CONTACT }, { jobs: true });
}, 60_000);

async function customerWithFile(limit: number | null, paid = true) {
  const customer = await signUpCustomer(t);
  const bytes = zipBytes(4096);
  const { product, file } = await digitalProduct(t, {
    bytes,
    product: { downloadLimit: limit },
  });
  const order = await digitalOrder(t, customer.token, product.id, { paid });
  const param = { id: order.id, fileId: file.id };
  const askLink = () =>
    read(t.as(customer.token).api.orders[':id'].files[':fileId'].link.$post({ param }));
  return { bytes, file, order, askLink };
}

describe('POST /api/orders/:id/files/:fileId/link', () => {
  it('gives a link while downloads are left, then 403 with the limit and whom to write to', async () => {
    const { bytes, file, askLink } = await customerWithFile(1);
    const link = await askLink();
    expect(link.status).toBe(200);
    const res = await t.app.request(link.body.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const refused = await askLink();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(m.noDownloadsLeft(1, file.name, CONTACT));
  });

  it('refuses an unpaid order (409) and access that has ended (410)', async () => {
    const unpaid = await customerWithFile(5, false);
    const notPaid = await unpaid.askLink();
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe(m.notPaid);

    const ended = await customerWithFile(null);
    await t.db
      .update(downloadGrants)
      .set({ expiresAt: new Date('2026-01-02T12:00:00Z') })
      .where(eq(downloadGrants.orderId, ended.order.id));
    const gone = await ended.askLink();
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(m.expired('January 2, 2026', CONTACT));
  });
});
