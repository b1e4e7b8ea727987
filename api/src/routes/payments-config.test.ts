import { serviceCatalog } from '@studio/shared/catalog/services';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { createSubmission } from '../test/submissions.ts';

const merchant = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const usdtContract = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const alphMerchant = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';

describe('with no payment settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('reports every method disabled', async () => {
    const res = await read(t.client.api.payments.config.$get());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      paypal: { enabled: false },
      usdt: { enabled: false },
      alephium: { enabled: false },
    });
  });

  it.each(['paypal', 'usdt', 'alephium'] as const)(
    '%s: quote and confirm answer a clear 422, never a 500',
    async (method) => {
      const { submission } = await createSubmission(t.db);
      const quote = await read(
        t.client.api.payments.quote.$post({ json: { submissionId: submission.id, method } }),
      );
      expect(quote.status).toBe(422);
      expect(quote.body.message).toBe(paymentMessages.methodUnavailable);
      const confirm = await read(
        t.client.api.projects['payment-confirm'].$post({
          json: {
            submissionId: submission.id,
            paymentMethod: method,
            transactionId: 'abc',
            amount: 1,
          },
        }),
      );
      expect(confirm.status).toBe(422);
      expect(confirm.body.message).toBe(paymentMessages.methodUnavailable);
      const order = await read(
        t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
      );
      expect(order.status).toBe(422);
    },
  );
});

describe('with payment settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYPAL_CLIENT_ID: 'client-id-public',
      PAYPAL_CLIENT_SECRET: 'very-secret-value',
      EVM_RPC_URL: 'http://127.0.0.1:1',
      EVM_CHAIN_ID: '31337',
      USDT_CONTRACT: usdtContract,
      MERCHANT_EVM_ADDRESS: merchant,
      EVM_CONFIRMATIONS: '2',
      ALPH_NODE_URL: 'http://127.0.0.1:2',
      ALPH_MERCHANT_ADDRESS: alphMerchant,
    });
  });

  it('tells the site the public parameters of each method, and no secret', async () => {
    const res = await read(t.client.api.payments.config.$get());
    expect(res.body).toEqual({
      paypal: { enabled: true, clientId: 'client-id-public', currency: 'USD' },
      usdt: {
        enabled: true,
        chainId: 31337,
        contract: usdtContract,
        decimals: 6,
        merchantAddress: merchant,
        confirmations: 2,
      },
      alephium: {
        enabled: true,
        merchantAddress: alphMerchant,
        usdPerAlph: '0.5',
        confirmations: 1,
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('very-secret-value');
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
  });

  // Acceptance: for each of the 18 services, total = round(payment price x 1.07) in cents and
  // the ALPH amount = total / 0.5.
  it.each(serviceCatalog.map((s) => [s.sku, s.checkoutPriceCents] as const))(
    '%s: quote totals are exact',
    async (sku, price) => {
      const { submission } = await createSubmission(t.db, sku);
      const total = Math.round(price * 1.07);
      const usdt = await read(
        t.client.api.payments.quote.$post({
          json: { submissionId: submission.id, method: 'usdt' },
        }),
      );
      expect(usdt.status).toBe(201);
      expect(usdt.body).toMatchObject({
        subtotalCents: price,
        taxCents: total - price,
        totalCents: total,
        currency: 'USDT',
        merchantAddress: merchant,
        tokenContract: usdtContract,
        chainId: 31337,
      });
      // Exact crypto amounts, plus the quote's tag below the smallest shown unit.
      const usdtTag = BigInt(usdt.body.amountBaseUnits) - BigInt(total) * 10_000n;
      expect(usdtTag >= 1n && usdtTag < 10_000n).toBe(true);
      expect(usdt.body.amountText).toBe((total / 100).toFixed(2));
      const alph = await read(
        t.client.api.payments.quote.$post({
          json: { submissionId: submission.id, method: 'alephium' },
        }),
      );
      expect(alph.body.totalCents).toBe(total);
      const alphTag = BigInt(alph.body.amountBaseUnits) - BigInt(total) * 2n * 10n ** 16n;
      expect(alphTag >= 1n && alphTag < 1_000_000n).toBe(true);
      expect(alph.body.amountText).toBe((total / 50).toFixed(2));
      expect(alph.body.merchantAddress).toBe(alphMerchant);
      const minutes = (Date.parse(alph.body.expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThanOrEqual(15);
    },
  );

  it('ignores any amount from the client: the quote is the server price', async () => {
    const { submission } = await createSubmission(t.db, 'DCU-001');
    const res = await read(
      t.client.api.payments.quote.$post({
        json: invalid({ submissionId: submission.id, method: 'usdt', amount: 1, totalCents: 1 }),
      }),
    );
    expect(res.body.totalCents).toBe(9523);
  });

  it('answers 409 for a submission already paid, 404 for an unknown one, 400 for a bad method', async () => {
    const { submission } = await createSubmission(t.db);
    await t.db
      .update(projectSubmissions)
      .set({ paymentState: 'paid' })
      .where(eq(projectSubmissions.id, submission.id));
    const paid = await read(
      t.client.api.payments.quote.$post({ json: { submissionId: submission.id, method: 'usdt' } }),
    );
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(paymentMessages.alreadyPaid);
    const unknown = await read(
      t.client.api.payments.quote.$post({
        json: { submissionId: '00000000-0000-4000-8000-000000000000', method: 'usdt' },
      }),
    );
    expect(unknown.status).toBe(404);
    const bad = await read(
      t.client.api.payments.quote.$post({
        json: invalid({ submissionId: submission.id, method: 'cash' }),
      }),
    );
    expect(bad.status).toBe(400);
  });
});
