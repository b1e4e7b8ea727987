import { paymentMessages } from '@studio/shared/messages/payments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { paymentRowOf, paypalEnv, paypalSubmission } from '../../test/payments.ts';
import { type PaypalStandin, startPaypalStandin } from '../../test/standins/paypal.ts';
import { createSubmission, paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';

/**
 * PayPal failing (issue 15, "providers fail soft"), against the PayPal stand-in: each call has
 * 500 ms here (PAYMENT_PROVIDER_TIMEOUT_MS) and one retry with the same PayPal-Request-Id; an
 * outage answers 503 with Retry-After, keeps the payment pending and queues its re-check, which
 * settles it once PayPal answers again.
 */
let paypal: PaypalStandin;
let t: TestApp;
const TIMEOUT_MS = 500;
const RECHECK_SECONDS = 2;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp(
    {
      ...paypalEnv(paypal),
      PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      PAYMENT_RECHECK_SECONDS: String(RECHECK_SECONDS),
    },
    { jobs: true },
  );
});
afterEach(async () => {
  paypal.clearFaults();
  await paypal.start();
});
afterAll(() => paypal?.close());

const ordered = () => paypalSubmission(t);

const confirm = (submissionId: string, orderId: string) =>
  read(
    t.client.api.projects['payment-confirm'].$post({
      json: { submissionId, paymentMethod: 'paypal', transactionId: orderId, amount: 95.23 },
    }),
  );

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

const paymentRow = (paymentId: string) => paymentRowOf(t.db, paymentId);

const paymentState = (submissionId: string) => paymentStateOf(t.db, submissionId);

async function eventsOf(paymentId: string) {
  return t.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.createdAt);
}

/** The payment's re-check jobs in pg-boss's table. */
async function rechecks(paymentId: string) {
  return t.db.execute<{ state: string; singleton_key: string | null }>(
    sql`select state, singleton_key from pgboss.job where name = 'payment-recheck' and data->>'paymentId' = ${paymentId}`,
  );
}

const capturesOf = (orderId: string) =>
  paypal.requests.filter(
    (r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`,
  );

/** The order as PayPal holds it. */
async function paypalOrder(orderId: string) {
  const token = await fetch(`${paypal.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${paypal.baseUrl}/v2/checkout/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  return (await res.json()) as {
    status: string;
    purchase_units: { payments?: { captures?: { id: string; status: string }[] } }[];
  };
}

describe('a PayPal capture that times out', () => {
  it('is sent once more with the same PayPal-Request-Id: PayPal answers the first capture, one capture, paid (200)', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    // PayPal captures, and the answer is lost on the way.
    paypal.fault(
      { method: 'POST', path: `/v2/checkout/orders/${orderId}/capture` },
      'lose-answer',
      1,
    );
    const { result: res, ms } = await timed(() => confirm(submission.id, orderId));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(capturesOf(orderId).map((r) => r.headers['paypal-request-id'])).toEqual([
      `capture-${paymentId}`,
      `capture-${paymentId}`,
    ]);
    const atPaypal = await paypalOrder(orderId);
    expect(atPaypal.purchase_units[0]?.payments?.captures).toHaveLength(1);
    expect(await paymentState(submission.id)).toBe('paid');
  });

  it('answers 503 with Retry-After in about a second when PayPal captures but never answers; the payment stays pending and its re-check pays it once PayPal answers', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.fault({ method: 'POST', path: `/v2/checkout/orders/${orderId}/capture` }, 'lose-answer');
    const { result: res, ms } = await timed(() => confirm(submission.id, orderId));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: paymentMessages.peerUnavailable, code: 'UNAVAILABLE' });
    expect(res.headers.get('retry-after')).toBe(String(RECHECK_SECONDS));
    // Two tries of 500 ms and a pause, not the 30 s of before.
    expect(ms).toBeLessThan(3_000);
    expect(capturesOf(orderId)).toHaveLength(2);
    expect(new Set(capturesOf(orderId).map((r) => r.headers['paypal-request-id']))).toEqual(
      new Set([`capture-${paymentId}`]),
    );
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    expect(await paymentState(submission.id)).toBe('unpaid');
    const noted = (await eventsOf(paymentId)).at(-1);
    expect(noted).toMatchObject({ fromStatus: 'pending', toStatus: 'pending', source: 'client' });
    expect(noted?.detail.unavailable).toMatch(/^paypal: timed out/);
    expect((await rechecks(paymentId)).map((j) => j.singleton_key)).toContain(`${paymentId}:0`);

    // PayPal answers again: the re-check finds the capture PayPal made and pays the submission.
    paypal.clearFaults();
    await untilSubmissionPaid(t.db, submission.id);
    const confirmed = (await eventsOf(paymentId)).find((e) => e.toStatus === 'confirmed');
    expect(confirmed?.source).toBe('job');
    expect(capturesOf(orderId)).toHaveLength(2);
    expect((await paypalOrder(orderId)).purchase_units[0]?.payments?.captures).toHaveLength(1);
  });

  it('never captures a second order for a submission whose first capture went through unanswered', async () => {
    const first = await ordered();
    paypal.approve(first.orderId);
    paypal.fault(
      { method: 'POST', path: `/v2/checkout/orders/${first.orderId}/capture` },
      'lose-answer',
    );
    expect((await confirm(first.submission.id, first.orderId)).status).toBe(503);
    paypal.clearFaults();
    // The buyer tries again at once with a new order for the same submission.
    const second = await read(
      t.client.api.payments.paypal.orders.$post({ json: { submissionId: first.submission.id } }),
    );
    paypal.approve(second.body.orderId);
    const res = await confirm(first.submission.id, second.body.orderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(paymentMessages.alreadyPaid);
    expect(capturesOf(second.body.orderId)).toHaveLength(0);
    expect((await paymentRow(first.paymentId))?.status).toBe('confirmed');
    expect((await paymentRow(second.body.paymentId))?.status).toBe('pending');
  });
});

describe('PayPal unreachable or failing', () => {
  it('refused connections on confirm: 503 with Retry-After at once, pending, and the re-check captures once PayPal is back', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    await paypal.stop();
    const { result: res, ms } = await timed(() => confirm(submission.id, orderId));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(paymentMessages.peerUnavailable);
    expect(res.headers.get('retry-after')).toBe(String(RECHECK_SECONDS));
    expect(ms).toBeLessThan(2_000);
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    expect((await eventsOf(paymentId)).at(-1)?.detail.unavailable).toMatch(/^paypal: /);
    expect(await rechecks(paymentId)).not.toHaveLength(0);

    await paypal.start();
    await untilSubmissionPaid(t.db, submission.id);
    expect(capturesOf(orderId).map((r) => r.headers['paypal-request-id'])).toEqual([
      `capture-${paymentId}`,
    ]);
  });

  it('a 500 from PayPal is retried once with the same request: 200', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.fault({ method: 'POST', path: `/v2/checkout/orders/${orderId}/capture` }, 500, 1);
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(200);
    expect(capturesOf(orderId).map((r) => r.headers['paypal-request-id'])).toEqual([
      `capture-${paymentId}`,
      `capture-${paymentId}`,
    ]);
  });

  it('creating an order while PayPal answers 503: 503 with Retry-After, and the opened payment does not linger', async () => {
    const { submission } = await createSubmission(t.db, 'DCU-001');
    paypal.fault({ method: 'POST', path: '/v2/checkout/orders' }, 503);
    const res = await read(
      t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
    );
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(paymentMessages.providerUnavailable);
    expect(res.headers.get('retry-after')).toBe('5');
    const tries = paypal.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/checkout/orders' &&
        r.rawBody.includes(submission.id),
    );
    expect(tries).toHaveLength(2);
    expect(tries[0]?.headers['paypal-request-id']).toBe(tries[1]?.headers['paypal-request-id']);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.submissionId, submission.id));
    expect(row?.status).toBe('failed');
  });

  it('a cached token PayPal refuses (401 invalid_token) is replaced at once, and the call goes through', async () => {
    const { submission, orderId } = await ordered();
    paypal.approve(orderId);
    paypal.expireTokens();
    const before = paypal.requests.length;
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(200);
    // (Only this order's calls and token requests: nothing else is running now.)
    const calls = paypal.requests
      .slice(before)
      .filter((r) => r.path.includes(orderId) || r.path === '/v1/oauth2/token');
    // The order read with the old token (401), a new token, the same read again, the capture.
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v2/checkout/orders/${orderId}`,
      'POST /v1/oauth2/token',
      `GET /v2/checkout/orders/${orderId}`,
      `POST /v2/checkout/orders/${orderId}/capture`,
    ]);
    expect(calls[0]?.headers.authorization).not.toBe(calls[2]?.headers.authorization);
    expect(calls[3]?.headers.authorization).toBe(calls[2]?.headers.authorization);
  });
});

describe("PayPal's restart after INSTRUMENT_DECLINED", () => {
  it('keeps the payment open: the buyer approves the same order with another funding source and it is captured under a new PayPal-Request-Id', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.setCaptureOutcome(orderId, 'DECLINED');
    const declined = await confirm(submission.id, orderId);
    expect(declined.status).toBe(422);
    expect(declined.body.message).toBe(paymentMessages.declined);
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    const noted = (await eventsOf(paymentId)).at(-1);
    expect(noted?.detail).toMatchObject({ declined: true, issue: 'INSTRUMENT_DECLINED' });
    expect(String(noted?.detail.redirect)).toContain(`checkoutnow?token=${orderId}`);

    // PayPal's restart: the buyer approves the same order again.
    paypal.approve(orderId);
    const res = await confirm(submission.id, orderId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('confirmed');
    expect(await paymentState(submission.id)).toBe('paid');
    // The declined capture's key would be answered with the decline again.
    expect(capturesOf(orderId).map((r) => r.headers['paypal-request-id'])).toEqual([
      `capture-${paymentId}`,
      `capture-${paymentId}-1`,
    ]);
  });
});

describe('refunds follow the capture', () => {
  async function paid() {
    const o = await ordered();
    paypal.approve(o.orderId);
    expect((await confirm(o.submission.id, o.orderId)).status).toBe(200);
    const captureId = (await paymentRow(o.paymentId))?.externalId?.replace('paypal:', '') ?? '';
    return { ...o, captureId };
  }
  const deliver = (event: Record<string, unknown>) =>
    read(
      t.client.api.payments.paypal.webhook.$post(
        { json: event },
        { headers: paypal.signedHeaders(event) },
      ),
    );

  it('partial refunds that add up to the whole refund the payment (total_refunded_amount = amount)', async () => {
    const { submission, paymentId, captureId } = await paid();
    const part = paypal.refund(captureId, '50.00');
    expect((await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', part))).status).toBe(200);
    expect((await paymentRow(paymentId))?.status).toBe('confirmed');
    expect(await paymentState(submission.id)).toBe('paid');
    expect((await eventsOf(paymentId)).at(-1)?.detail).toMatchObject({
      partialRefund: '50.00',
      totalRefundedCents: 5000,
    });

    const rest = paypal.refund(captureId, '45.23');
    expect(rest).toMatchObject({
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value: '95.23' } },
    });
    expect((await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', rest))).status).toBe(200);
    const row = await paymentRow(paymentId);
    expect(row?.status).toBe('refunded');
    expect(row?.failureReason).toBe('refunded');
    expect(await paymentState(submission.id)).toBe('refunded');
  });

  it("without total_refunded_amount the capture's status at PayPal decides (REFUNDED)", async () => {
    const { submission, paymentId, captureId } = await paid();
    paypal.refund(captureId, '90.00');
    const { seller_payable_breakdown: _, ...last } = paypal.refund(captureId, '5.23');
    await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', last));
    expect((await paymentRow(paymentId))?.status).toBe('refunded');
    expect(await paymentState(submission.id)).toBe('refunded');
    expect(
      paypal.requests.some(
        (r) => r.method === 'GET' && r.path === `/v2/payments/captures/${captureId}`,
      ),
    ).toBe(true);
  });
});

describe('the webhook is verified on the body exactly as received', () => {
  it('a pretty-printed event with escapes is passed to PayPal byte for byte, verified, and acted on', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    paypal.setCaptureOutcome(orderId, 'PENDING');
    expect((await confirm(submission.id, orderId)).status).toBe(202);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPTURE-RAW',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '95.23' },
      custom_id: paymentId,
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    // Not what JSON.stringify of the parsed event gives: indentation and an escaped character.
    const raw = JSON.stringify(event, null, 2).replace(
      'Payment completed',
      'Payment compl\\u0065ted',
    );
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    const res = await read(
      t.app.request('/api/payments/paypal/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...paypal.signedHeaders(raw) },
        body: raw,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, handled: true });
    const verify = paypal.requests.filter(
      (r) => r.path === '/v1/notifications/verify-webhook-signature',
    );
    expect(verify.at(-1)?.rawBody).toContain(`"webhook_event":${raw}}`);
    expect((await paymentRow(paymentId))?.status).toBe('confirmed');
    const [paidEvent] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'confirmed')));
    expect(paidEvent?.source).toBe('webhook');
  });

  it('PayPal down while verifying: 503 with Retry-After (PayPal delivers the event again), nothing changed', async () => {
    const { submission, orderId, paymentId } = await ordered();
    paypal.approve(orderId);
    const event = paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', {
      id: orderId,
      status: 'APPROVED',
    });
    paypal.fault({ path: '/v1/notifications/verify-webhook-signature' }, 'hang');
    const res = await read(
      t.client.api.payments.paypal.webhook.$post(
        { json: event },
        { headers: paypal.signedHeaders(event) },
      ),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await paymentRow(paymentId))?.status).toBe('pending');
    expect(await paymentState(submission.id)).toBe('unpaid');
  });
});
