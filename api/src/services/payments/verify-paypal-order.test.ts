import { paymentMessages } from '@studio/shared/messages/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/payments.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { paymentRowOf, paypalEnv, paypalSubmission } from '../../test/payments.ts';
import { type PaypalStandin, startPaypalStandin } from '../../test/standins/paypal.ts';
import { createSubmission, paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';

let paypal: PaypalStandin;
let t: TestApp;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp(
    {
      ...paypalEnv(paypal),
      PAYMENT_RECHECK_SECONDS: '1',
    },
    { jobs: true },
  );
});
afterAll(() => paypal?.close());

const ordered = (sku?: string) => paypalSubmission(t, sku);

const confirm = (submissionId: string, orderId: string) =>
  read(
    t.client.api.projects['payment-confirm'].$post({
      json: {
        submissionId,
        paymentMethod: 'paypal',
        transactionId: orderId,
        amount: 0.01,
        service: 'Something cheaper',
        customerInfo: { name: 'Pat', email: 'pat@example.com' },
        paymentDetails: { payerID: 'X' },
      },
    }),
  );

const state = (submissionId: string) => paymentStateOf(t.db, submissionId);

const paymentStatus = (paymentId: string) => paymentRowOf(t.db, paymentId);

describe('PayPal (Orders v2 on the server)', () => {
  it('creates the order from the server price: one item, item and tax totals, references, no shipping', async () => {
    const { submission, orderId, paymentId } = await ordered('DCU-001');
    const create = paypal.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/checkout/orders' &&
        JSON.stringify(r.body).includes(paymentId),
    );
    const unit = (create?.body as { purchase_units: Record<string, unknown>[] } | undefined)
      ?.purchase_units[0];
    expect(create?.body).toMatchObject({ intent: 'CAPTURE' });
    expect(unit).toMatchObject({
      reference_id: submission.id,
      custom_id: paymentId,
      amount: {
        currency_code: 'USD',
        value: '95.23',
        breakdown: {
          item_total: { currency_code: 'USD', value: '89.00' },
          tax_total: { currency_code: 'USD', value: '6.23' },
        },
      },
      items: [
        { sku: 'DCU-001', quantity: '1', unit_amount: { currency_code: 'USD', value: '89.00' } },
      ],
    });
    expect(JSON.stringify(create?.body)).toContain('NO_SHIPPING');
    expect(orderId).toBeTruthy();
  });

  it('captures on confirm, checks it and marks the submission paid; the client amount is ignored', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
    expect(await state(submission.id)).toBe('paid');
    const payment = await paymentStatus(paymentId);
    expect(payment?.status).toBe('confirmed');
    expect(payment?.amountCents).toBe(9523);
    expect(payment?.externalId).toMatch(/^paypal:/);
    const capture = paypal.requests.find(
      (r) => r.path === `/v2/checkout/orders/${orderId}/capture`,
    );
    expect(capture?.headers['paypal-request-id']).toBe(`capture-${paymentId}`);
    // A second confirm is idempotent and captures nothing more.
    expect((await confirm(submission.id, orderId)).status).toBe(200);
    expect(
      paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`),
    ).toHaveLength(1);
  });

  it('refuses a declined card with 422 and leaves the submission unpaid (the payment stays open for the restart)', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.setCaptureOutcome(orderId, 'DECLINED');
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.declined);
    expect(await state(submission.id)).toBe('unpaid');
    expect((await paymentStatus(paymentId))?.status).toBe('pending');
  });

  it('refuses a capture of the wrong amount', async () => {
    const { submission, orderId } = await ordered();
    paypal.approve(orderId);
    paypal.setCapturedAmount(orderId, '1.00');
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.wrongAmount);
    expect(await state(submission.id)).toBe('unpaid');
  });

  it('keeps a PENDING capture pending (202), and the job confirms it once PayPal completes it', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.setCaptureOutcome(orderId, 'PENDING');
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(202);
    expect(await state(submission.id)).toBe('unpaid');
    const captureId = String(
      (await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)))
        .map((e) => e.detail.captureId)
        .find(Boolean),
    );
    paypal.completeCapture(captureId);
    await untilSubmissionPaid(t.db, submission.id);
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'confirmed')));
    expect(event?.source).toBe('job');
  }, 30_000);

  it('answers 422 for an order that is not ours', async () => {
    const { submission } = await createSubmission(t.db);
    const res = await confirm(submission.id, 'ORDER-NOT-OURS');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.quoteNotFound);
  });
});

describe('PayPal webhooks (signature verified with PayPal)', () => {
  async function deliver(event: Record<string, unknown>, headers = paypal.signedHeaders(event)) {
    return read(t.client.api.payments.paypal.webhook.$post({ json: event }, { headers: headers }));
  }

  it('captures an approved order the browser never came back to', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    const res = await deliver(
      paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', { id: orderId, status: 'APPROVED' }),
    );
    expect(res.status).toBe(200);
    expect(await state(submission.id)).toBe('paid');
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'confirmed')));
    expect(event?.source).toBe('webhook');
  });

  it('confirms a pending capture on PAYMENT.CAPTURE.COMPLETED', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.setCaptureOutcome(orderId, 'PENDING');
    expect((await confirm(submission.id, orderId)).status).toBe(202);
    const res = await deliver(
      paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
        id: 'CAPTURE-FROM-HOOK',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '95.23' },
        custom_id: paymentId,
        supplementary_data: { related_ids: { order_id: orderId } },
      }),
    );
    expect(res.status).toBe(200);
    expect(await state(submission.id)).toBe('paid');
  });

  it('refuses an event whose signature PayPal does not verify, changing nothing', async () => {
    const { submission, orderId, paymentId } = await ordered();
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: 'FORGED',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '95.23' },
      custom_id: paymentId,
    });
    const forged = {
      ...paypal.signedHeaders(event),
      'paypal-transmission-sig': 'bm90LWEtc2lnbmF0dXJl',
    };
    const res = await deliver(event, forged);
    expect(res.status).toBe(400);
    expect(await state(submission.id)).toBe('unpaid');
    expect(orderId).toBeTruthy();
  });

  it('records a denied capture, and a refund or reversal after payment', async () => {
    const denied = await ordered();
    await deliver(
      paypal.webhookEvent('PAYMENT.CAPTURE.DENIED', {
        id: 'CAP-DENIED',
        status: 'DECLINED',
        amount: { currency_code: 'USD', value: '95.23' },
        custom_id: denied.paymentId,
      }),
    );
    expect((await paymentStatus(denied.paymentId))?.status).toBe('failed');

    const paid = await ordered();
    paypal.approve(paid.orderId);
    expect((await confirm(paid.submission.id, paid.orderId)).status).toBe(200);
    const captureId =
      (await paymentStatus(paid.paymentId))?.externalId?.replace('paypal:', '') ?? '';
    await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureId)));
    expect((await paymentStatus(paid.paymentId))?.status).toBe('refunded');
    expect(await state(paid.submission.id)).toBe('refunded');

    const reversed = await ordered();
    paypal.approve(reversed.orderId);
    await confirm(reversed.submission.id, reversed.orderId);
    await deliver(
      paypal.webhookEvent('PAYMENT.CAPTURE.REVERSED', {
        id: 'CAP-REV',
        status: 'REVERSED',
        amount: { currency_code: 'USD', value: '95.23' },
        custom_id: reversed.paymentId,
      }),
    );
    expect((await paymentStatus(reversed.paymentId))?.status).toBe('refunded');
  });
});

describe('PayPal never charges twice', () => {
  it('refuses to capture a second approved order for a submission already paid', async () => {
    const { submission } = await createSubmission(t.db);
    const first = await read(
      t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
    );
    const second = await read(
      t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
    );
    paypal.approve(first.body.orderId);
    paypal.approve(second.body.orderId);
    expect((await confirm(submission.id, first.body.orderId)).status).toBe(200);
    const again = await confirm(submission.id, second.body.orderId);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(paymentMessages.alreadyPaid);
    expect(
      paypal.requests.filter(
        (r) => r.path === `/v2/checkout/orders/${second.body.orderId}/capture`,
      ),
    ).toHaveLength(0);
  });

  it('answers 400, not 500, to a webhook without PayPal headers', async () => {
    const res = await read(
      t.client.api.payments.paypal.webhook.$post({
        json: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X' } },
      }),
    );
    expect(res.status).toBe(400);
  });

  it('notes a partial refund without unpaying the submission', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    expect((await confirm(submission.id, orderId)).status).toBe(200);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUND-PARTIAL',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '5.00' },
      custom_id: paymentId,
    });
    const res = await read(
      t.client.api.payments.paypal.webhook.$post(
        { json: event },
        { headers: paypal.signedHeaders(event) },
      ),
    );
    expect(res.status).toBe(200);
    expect((await paymentStatus(paymentId))?.status).toBe('confirmed');
    expect(await state(submission.id)).toBe('paid');
  });
});
