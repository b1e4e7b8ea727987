import { randomUUID } from 'node:crypto';
import { orderMessages } from '@studio/shared/messages/orders';
import { refundMessages as m } from '@studio/shared/messages/refunds';
import { formatUsd } from '@studio/shared/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { orderItems, orderStatusHistory } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { products } from '../db/schema/products.ts';
import { projectSubmissions, submissionStatusHistory } from '../db/schema/project-submissions.ts';
import { refunds } from '../db/schema/refunds.ts';
import { stockMovements } from '../db/schema/stock-movements.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, invalid, read, type TestApp } from '../test/harness.ts';
import { customerOrder, placeOrder } from '../test/orders.ts';
import { payOrder, paypalEnv } from '../test/payments.ts';
import { until } from '../test/process.ts';
import { createProduct } from '../test/products.ts';
import { confirmedCryptoPayment, refundHash } from '../test/refunds.ts';
import { startSmtpServer } from '../test/smtp.ts';
import { type PaypalStandin, startPaypalStandin } from '../test/standins/paypal.ts';
import { createSubmission } from '../test/submissions.ts';

/**
 * Refunds from the admin (issue 18 item 3, decision 035), against the PayPal stand-in and a
 * real SMTP server: each test pays its own order or submission, refunds it through the API and
 * checks what PayPal received, the rows, the statuses with their history, the stock, the audit
 * trail and the mail that arrived.
 */
let t: TestApp;
let paypal: PaypalStandin;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
const TIMEOUT_MS = 500;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      ...paypalEnv(paypal),
      PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      PAYMENT_RECHECK_SECONDS: '1',
      ORDER_MAX_UNPAID: '1000',
      MAIL_RETRY_SECONDS: '0.2',
    },
    { jobs: true },
  );
  admin = await signInAdmin(t.db);
}, 60_000);
afterEach(async () => {
  paypal.clearFaults();
  await paypal.start();
});
afterAll(() => paypal?.close());

/** A customer's order of `quantity` of a new product, placed and paid with PayPal. */
async function paidOrder({ quantity = 2, priceCents = 2500, stock = 10 } = {}) {
  const product = await createProduct(t.db, { priceCents, stock, category: 'apparel' });
  const { customer, order, orderId } = await customerOrder(t, { productId: product.id, quantity });
  await payOrder(t, orderId, { token: customer.token, paypal });
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'confirmed')));
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (!payment || !item) throw new Error('not paid');
  return {
    customer,
    orderId,
    orderNumber: order.orderNumber,
    product,
    itemId: item.id,
    paymentId: payment.id,
    captureId: payment.externalId?.replace('paypal:', '') ?? '',
    totalCents: payment.amountCents,
  };
}

type RefundBody = Parameters<
  TestApp['client']['api']['admin']['orders'][':id']['refunds']['$post']
>[0]['json'];

const refundOrder = (orderId: string, body: Partial<RefundBody>, token = admin.token) =>
  read(
    t.as(token).api.admin.orders[':id'].refunds.$post({
      param: { id: orderId },
      json: { reason: 'Damaged in transit', requestId: randomUUID(), ...body } as RefundBody,
    }),
  );

const adminOrder = async (orderId: string) => {
  const res = await read(
    t.as(admin.token).api.admin.orders[':id'].$get({ param: { id: orderId } }),
  );
  expect(res.status).toBe(200);
  return res.body.order;
};

const refundsOf = (orderId: string) =>
  t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

const paypalRefundsOf = (captureId: string) =>
  paypal.refundRequests().filter((r) => r.captureId === captureId);

const historyOf = async (orderId: string) =>
  (
    await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.createdAt)
  ).map((h) => ({ status: h.status, source: h.source, changedBy: h.changedBy }));

/** The refund mails that reached `address` (a paid order also gets its receipt). */
const refundMails = (address: string) =>
  smtp.to(address).filter((mail) => mail.subject?.startsWith('Refund of '));
const waitForRefundMails = async (address: string, count = 1) => {
  await until(() => refundMails(address).length >= count, 10_000, `${count} refund mail(s)`, 50);
  return refundMails(address);
};

const deliver = (event: Record<string, unknown>) =>
  read(
    t.client.api.payments.paypal.webhook.$post(
      { json: event },
      { headers: paypal.signedHeaders(event) },
    ),
  );

describe('a full PayPal refund', () => {
  it('reaches PayPal with the amount and a PayPal-Request-Id from the request id, refunds the order (history, audit) and mails the customer once', async () => {
    const o = await paidOrder();
    const requestId = randomUUID();
    const res = await refundOrder(o.orderId, { amountCents: o.totalCents, requestId });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(m.completed);
    expect(res.body.refund).toMatchObject({
      amountCents: o.totalCents,
      method: 'paypal',
      status: 'completed',
      source: 'admin',
      requestId,
      actor: { email: admin.email },
    });

    const [sent, ...more] = paypalRefundsOf(o.captureId);
    expect(more).toEqual([]);
    expect(sent).toEqual({
      captureId: o.captureId,
      requestId: `refund-${requestId}`,
      body: {
        amount: { currency_code: 'USD', value: (o.totalCents / 100).toFixed(2) },
        custom_id: res.body.refund.id,
        note_to_payer: 'Damaged in transit',
      },
    });

    const order = await adminOrder(o.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refunds).toMatchObject({
      paidCents: o.totalCents,
      refundedCents: o.totalCents,
      refundableCents: 0,
      label: 'Refunded',
    });
    expect((await historyOf(o.orderId)).at(-1)).toEqual({
      status: 'refunded',
      source: 'admin',
      changedBy: admin.user.id,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, o.paymentId));
    expect(payment?.status).toBe('refunded');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.orderId)));
    expect(audits.find((a) => a.action === 'refund.create')).toMatchObject({
      actorId: admin.user.id,
      entityType: 'order',
      detail: { amountCents: o.totalCents, method: 'paypal', requestId },
    });
    expect(
      audits.find((a) => a.action === 'order.status' && a.detail.to === 'refunded'),
    ).toMatchObject({ actorId: admin.user.id });
    expect(audits.find((a) => a.action === 'refund.complete')?.detail).toMatchObject({
      amountCents: o.totalCents,
      totalRefundedCents: o.totalCents,
      source: 'admin',
    });

    const [mail] = await waitForRefundMails(o.customer.user.email);
    const amount = formatUsd(o.totalCents);
    expect(mail?.subject).toBe(`Refund of ${amount} for order ${o.orderNumber}`);
    expect(mail?.text).toContain(`We have refunded ${amount}`);
    expect(mail?.text).toContain('Reason: Damaged in transit');
    expect(mail?.text).toContain(`/orders/${o.orderId}`);
    expect(mail?.html).toContain(`/orders/${o.orderId}`);
    // Nothing more: the refund is mailed once.
    await new Promise((r) => setTimeout(r, 600));
    expect(refundMails(o.customer.user.email)).toHaveLength(1);
  });
});

describe('partial refunds', () => {
  it('keep the status and read "Partially refunded: $x of $y"; never more than what is left', async () => {
    const o = await paidOrder({ quantity: 2, priceCents: 2500 });
    const total = o.totalCents;
    expect((await refundOrder(o.orderId, { amountCents: 500 })).status).toBe(201);
    let order = await adminOrder(o.orderId);
    expect(order.status).toBe('paid');
    expect(order.refunds.label).toBe(`Partially refunded: $5.00 of ${formatUsd(total)}`);
    expect((await refundOrder(o.orderId, { amountCents: 300 })).status).toBe(201);
    order = await adminOrder(o.orderId);
    expect(order.refunds).toMatchObject({
      refundedCents: 800,
      refundableCents: total - 800,
      label: `Partially refunded: $8.00 of ${formatUsd(total)}`,
    });

    const over = await refundOrder(o.orderId, { amountCents: total - 800 + 1 });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(m.amountTooHigh(formatUsd(total - 800)));
    expect(paypalRefundsOf(o.captureId)).toHaveLength(2);
    expect(await refundsOf(o.orderId)).toHaveLength(2);

    expect((await refundOrder(o.orderId, { amountCents: total - 800 })).status).toBe(201);
    order = await adminOrder(o.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refunds.label).toBe('Refunded');
    const nothing = await refundOrder(o.orderId, { amountCents: 1 });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(m.nothingLeft);
    // One mail per refund, each once.
    await waitForRefundMails(o.customer.user.email, 3);
  });
});

describe('revenue after partial refunds', () => {
  const figures = async () => {
    const dash = await read(t.as(admin.token).api.admin.dashboard.$get());
    const today = new Date().toISOString().slice(0, 10);
    const report = await read(
      t.as(admin.token).api.admin.report.$get({ query: { from: today, to: today } }),
    );
    expect([dash.status, report.status]).toEqual([200, 200]);
    const paypalCents = (report.body.revenueByMethod as { method: string; cents: number }[]).find(
      (m) => m.method === 'paypal',
    )?.cents;
    return {
      total: dash.body.stats.totalRevenue as number,
      thisMonth: dash.body.trends.revenueThisMonth as number,
      reportTotal: report.body.totalRevenueCents as number,
      reportToday: report.body.revenueByDay.at(-1).totalCents as number,
      reportPaypal: paypalCents ?? 0,
    };
  };

  it('the dashboard and the report count what was kept of an order and a project, not what was paid', async () => {
    const before = await figures();
    const o = await paidOrder({ quantity: 2, priceCents: 2500 });
    expect((await refundOrder(o.orderId, { amountCents: 700 })).status).toBe(201);
    const { submission } = await createSubmission(t.db);
    await confirmedCryptoPayment(t.db, { submissionId: submission.id }, { amountCents: 23_540 });
    const project = await read(
      t.as(admin.token).api.admin.submissions[':id'].refunds.$post({
        param: { id: submission.id },
        json: {
          amountCents: 4_000,
          reason: 'Mastering only',
          requestId: randomUUID(),
          txHash: refundHash('usdt'),
        },
      }),
    );
    expect(project.status).toBe(201);
    const after = await figures();
    const kept = o.totalCents - 700 + 23_540 - 4_000;
    expect({
      total: after.total - before.total,
      thisMonth: after.thisMonth - before.thisMonth,
      reportTotal: after.reportTotal - before.reportTotal,
      reportToday: after.reportToday - before.reportToday,
      reportPaypal: after.reportPaypal - before.reportPaypal,
    }).toEqual({
      total: kept,
      thisMonth: kept,
      reportTotal: kept,
      reportToday: kept,
      reportPaypal: o.totalCents - 700,
    });
    // Refunded in full later: the order leaves the figures whole, its partial refund with it.
    expect((await refundOrder(o.orderId, { amountCents: o.totalCents - 700 })).status).toBe(201);
    expect((await figures()).total - before.total).toBe(23_540 - 4_000);
  });
});

describe('idempotency and concurrency', () => {
  it('the same requestId twice is one refund: one row, one request to PayPal, the same answer', async () => {
    const o = await paidOrder();
    const requestId = randomUUID();
    const first = await refundOrder(o.orderId, { amountCents: 700, requestId });
    const again = await refundOrder(o.orderId, { amountCents: 700, requestId });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.refund.id).toBe(first.body.refund.id);
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(paypalRefundsOf(o.captureId)).toHaveLength(1);
    const other = await refundOrder(o.orderId, { amountCents: 800, requestId });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(m.requestIdReused);
  });

  it('a double click (the same requestId at once) makes one refund at PayPal', async () => {
    const o = await paidOrder();
    const requestId = randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() => refundOrder(o.orderId, { amountCents: 900, requestId })),
    );
    expect(answers.map((a) => a.status)).toContain(201);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(paypalRefundsOf(o.captureId)).toHaveLength(1);
  });

  it('admins refunding at once cannot exceed what was paid', async () => {
    const o = await paidOrder({ quantity: 4, priceCents: 2500 });
    const part = Math.floor(o.totalCents * 0.4);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => refundOrder(o.orderId, { amountCents: part })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(422);
      expect(a.body.message).toMatch(/^At most /);
    }
    const rows = await refundsOf(o.orderId);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(part * 2);
    // PayPal was never asked for more than is left.
    expect(paypalRefundsOf(o.captureId)).toHaveLength(2);
  });
});

describe('PayPal down, slow or pending', () => {
  it('down: 503 with a message, the refund stays pending; the same request again settles it, once', async () => {
    const o = await paidOrder();
    const requestId = randomUUID();
    await paypal.stop();
    const down = await refundOrder(o.orderId, { amountCents: 1000, requestId });
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(m.paypalUnavailable);
    expect(down.headers.get('retry-after')).toBeTruthy();
    const [pending] = await refundsOf(o.orderId);
    expect(pending?.status).toBe('pending');
    // Counted as pending: the rest is what can still be refunded.
    expect((await adminOrder(o.orderId)).refunds.refundableCents).toBe(o.totalCents - 1000);
    await paypal.start();
    const again = await refundOrder(o.orderId, { amountCents: 1000, requestId });
    expect(again.status).toBe(201);
    expect(again.body.refund).toMatchObject({ id: pending?.id, status: 'completed' });
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    expect(paypalRefundsOf(o.captureId).map((r) => r.requestId)).toEqual([`refund-${requestId}`]);
  });

  it('down: the settle job asks again once PayPal is back', async () => {
    const o = await paidOrder();
    paypal.fault({ method: 'POST', path: /\/refund$/ }, 503);
    const down = await refundOrder(o.orderId, { amountCents: 1200 });
    expect(down.status).toBe(503);
    paypal.clearFaults();
    await until(
      async () => (await refundsOf(o.orderId))[0]?.status === 'completed',
      20_000,
      'the job settling the refund',
      100,
    );
    // Refused twice (the call and its retry), then made once by the job.
    const made = paypalRefundsOf(o.captureId);
    expect(new Set(made.map((r) => r.requestId)).size).toBe(1);
    expect((await adminOrder(o.orderId)).refunds.refundedCents).toBe(1200);
    await waitForRefundMails(o.customer.user.email);
  });

  it('an answer lost after PayPal refunded: the retry with the same PayPal-Request-Id gets that refund, not a second', async () => {
    const o = await paidOrder();
    paypal.fault(
      { method: 'POST', path: `/v2/payments/captures/${o.captureId}/refund` },
      'lose-answer',
      1,
    );
    const res = await refundOrder(o.orderId, { amountCents: o.totalCents });
    expect(res.status).toBe(201);
    expect(res.body.refund.status).toBe('completed');
    const sent = paypalRefundsOf(o.captureId);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).toBe(sent[1]?.requestId);
    expect((await adminOrder(o.orderId)).status).toBe('refunded');
  });

  it('PENDING at PayPal: 202, pending and not mailed; the webhook PAYMENT.CAPTURE.REFUNDED completes it once', async () => {
    const o = await paidOrder();
    paypal.setRefundOutcome('PENDING', o.captureId);
    const res = await refundOrder(o.orderId, { amountCents: o.totalCents });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(m.pending);
    expect(res.body.refund.status).toBe('pending');
    let order = await adminOrder(o.orderId);
    expect(order.status).toBe('paid');
    expect(order.refunds).toMatchObject({ pendingCents: o.totalCents, refundableCents: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(refundMails(o.customer.user.email)).toEqual([]);

    const resource = paypal.completeRefund(String(res.body.refund.providerRefundId));
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', resource);
    expect((await deliver(event)).body).toEqual({ received: true, handled: true });
    order = await adminOrder(o.orderId);
    expect(order.status).toBe('refunded');
    expect(order.refunds.refunds).toHaveLength(1);
    expect(order.refunds.refunds[0]).toMatchObject({ status: 'completed', source: 'admin' });
    expect((await historyOf(o.orderId)).at(-1)).toMatchObject({
      status: 'refunded',
      source: 'webhook',
    });
    await waitForRefundMails(o.customer.user.email);
    // PayPal delivers it again: nothing changes, no second mail.
    expect((await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', resource))).status).toBe(
      200,
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(refundMails(o.customer.user.email)).toHaveLength(1);
    expect(await refundsOf(o.orderId)).toHaveLength(1);
  });

  it.each([
    ['FAILED', 'failed'],
    ['CANCELLED', 'failed'],
    ['COMPLETED', 'completed'],
  ] as const)(
    'PENDING, then %s at PayPal with no webhook: the job keeps looking (Show refund details) and records it',
    async (outcome, status) => {
      const o = await paidOrder();
      paypal.setRefundOutcome('PENDING', o.captureId);
      const res = await refundOrder(o.orderId, { amountCents: 1500 });
      expect(res.status).toBe(202);
      const providerRefundId = String(res.body.refund.providerRefundId);
      const looks = () =>
        paypal.requests.filter(
          (r) => r.method === 'GET' && r.path === `/v2/payments/refunds/${providerRefundId}`,
        ).length;
      // Still PENDING: looked at again and again (1 s, 2 s, ...), nothing recorded meanwhile.
      await until(() => looks() >= 2, 15_000, 'two looks at the pending refund', 100);
      expect((await refundsOf(o.orderId))[0]?.status).toBe('pending');

      paypal.completeRefund(providerRefundId, outcome);
      await until(
        async () => (await refundsOf(o.orderId))[0]?.status === status,
        20_000,
        `the refund ${status}`,
        100,
      );
      const order = await adminOrder(o.orderId);
      expect(order.status).toBe('paid');
      if (status === 'failed') {
        // Its amount is free again, and the customer was never told of a refund.
        expect(order.refunds).toMatchObject({ pendingCents: 0, refundableCents: o.totalCents });
        // PayPal's reason with it when it gives one (FAILED: ECHECK).
        expect((await refundsOf(o.orderId))[0]?.failureReason).toBe(
          outcome === 'FAILED' ? 'PayPal: FAILED (ECHECK)' : `PayPal: ${outcome}`,
        );
        await new Promise((r) => setTimeout(r, 600));
        expect(refundMails(o.customer.user.email)).toEqual([]);
      } else {
        expect(order.refunds).toMatchObject({
          refundedCents: 1500,
          refundableCents: o.totalCents - 1500,
        });
        await waitForRefundMails(o.customer.user.email);
      }
      // Ended: no more looks.
      const seen = looks();
      await new Promise((r) => setTimeout(r, 2500));
      expect(looks()).toBe(seen);
      expect(refundMails(o.customer.user.email)).toHaveLength(status === 'completed' ? 1 : 0);
    },
  );

  it('a refund made in PayPal’s dashboard is recorded from the webhook and counts', async () => {
    const o = await paidOrder();
    const resource = paypal.refund(o.captureId, '5.00');
    expect((await deliver(paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', resource))).status).toBe(
      200,
    );
    const order = await adminOrder(o.orderId);
    expect(order.status).toBe('paid');
    expect(order.refunds.refunds).toEqual([
      expect.objectContaining({
        amountCents: 500,
        source: 'webhook',
        status: 'completed',
        actor: null,
      }),
    ]);
    expect(order.refunds.refundableCents).toBe(o.totalCents - 500);
  });

  it('PayPal refuses (more than is left at PayPal): 422 with its reason, the refund failed and its amount free again', async () => {
    const o = await paidOrder();
    paypal.refund(o.captureId); // all of it, in PayPal's dashboard, not yet notified
    const res = await refundOrder(o.orderId, { amountCents: 100 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(m.paypalFullyRefunded);
    const [row] = await refundsOf(o.orderId);
    expect(row?.status).toBe('failed');
    expect((await adminOrder(o.orderId)).refunds.refundableCents).toBe(o.totalCents);
  });
});

describe('crypto refunds', () => {
  async function cryptoOrder(method: 'usdt' | 'alephium' = 'usdt') {
    const { customer, orderId } = await customerOrder(t, {
      product: { priceCents: 4000, stock: 5, category: 'digital' },
      address: null,
    });
    const payment = await confirmedCryptoPayment(t.db, { orderId }, { method, amountCents: 4280 });
    await payOrder(t, orderId, { admin: admin.token });
    return { customer, orderId, payment };
  }

  it('records the transaction hash the admin sent (completed, mailed); refuses a missing, malformed, reused or the payment’s own hash', async () => {
    const { customer, orderId, payment } = await cryptoOrder('usdt');
    const missing = await refundOrder(orderId, { amountCents: 1000 });
    expect([missing.status, missing.body.message]).toEqual([422, m.txHashRequired]);
    const malformed = await refundOrder(orderId, { amountCents: 1000, txHash: '0x1234' });
    expect([malformed.status, malformed.body.message]).toEqual([422, m.txHashUsdt]);
    const own = payment.externalId?.split(':')[1] ?? '';
    const theirs = await refundOrder(orderId, {
      amountCents: 1000,
      txHash: own.toUpperCase().replace('0X', '0x'),
    });
    expect([theirs.status, theirs.body.message]).toEqual([422, m.txHashIsPayment]);

    const hash = refundHash('usdt');
    const res = await refundOrder(orderId, {
      amountCents: 1000,
      txHash: hash.toUpperCase().replace('0X', '0x'),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(m.recorded);
    expect(res.body.refund).toMatchObject({ method: 'usdt', status: 'completed', txHash: hash });
    const [mail] = await waitForRefundMails(customer.user.email);
    expect(mail?.text).toContain(hash);
    expect(mail?.text).toContain('In USDT, to your wallet');

    const other = await cryptoOrder('usdt');
    const reused = await refundOrder(other.orderId, { amountCents: 1000, txHash: hash });
    expect([reused.status, reused.body.message]).toEqual([409, m.txHashUsed]);
    const rest = await refundOrder(orderId, { amountCents: 3280, txHash: refundHash('usdt') });
    expect(rest.status).toBe(201);
    expect((await adminOrder(orderId)).status).toBe('refunded');
  });

  it('Alephium ids are 64 hexadecimal characters; PayPal refunds take no hash', async () => {
    const { orderId } = await cryptoOrder('alephium');
    const bad = await refundOrder(orderId, { amountCents: 100, txHash: refundHash('usdt') });
    expect([bad.status, bad.body.message]).toEqual([422, m.txHashAlephium]);
    expect(
      (await refundOrder(orderId, { amountCents: 100, txHash: refundHash('alephium') })).status,
    ).toBe(201);
    const o = await paidOrder();
    const withHash = await refundOrder(o.orderId, { amountCents: 100, txHash: refundHash('usdt') });
    expect([withHash.status, withHash.body.message]).toEqual([422, m.txHashNotForPaypal]);
    expect(paypalRefundsOf(o.captureId)).toHaveLength(0);
  });
});

describe('stock returned on request', () => {
  it('only lines of the order, never more than sold less returned; recorded as refund_restock by the admin', async () => {
    const o = await paidOrder({ quantity: 3, priceCents: 1000, stock: 10 });
    const stock = async () =>
      (await t.db.select().from(products).where(eq(products.id, o.product.id)))[0]?.stock;
    expect(await stock()).toBe(7);
    const first = await refundOrder(o.orderId, {
      amountCents: 1000,
      restock: [{ itemId: o.itemId, quantity: 2 }],
    });
    expect(first.status).toBe(201);
    expect(await stock()).toBe(9);
    const [moved] = await t.db
      .select()
      .from(stockMovements)
      .where(
        and(eq(stockMovements.orderId, o.orderId), eq(stockMovements.cause, 'refund_restock')),
      );
    expect(moved).toMatchObject({ delta: 2, stockAfter: 9, actorId: admin.user.id });

    const tooMany = await refundOrder(o.orderId, {
      amountCents: 100,
      restock: [{ itemId: o.itemId, quantity: 2 }],
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([
      422,
      m.restockTooMany(o.product.name, 1),
    ]);
    const other = await paidOrder();
    const foreign = await refundOrder(o.orderId, {
      amountCents: 100,
      restock: [{ itemId: other.itemId, quantity: 1 }],
    });
    expect([foreign.status, foreign.body.message]).toEqual([422, m.restockNotInOrder]);
    expect(await stock()).toBe(9);
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    const order = await adminOrder(o.orderId);
    expect(order.refunds.restockable).toEqual([
      expect.objectContaining({ itemId: o.itemId, sold: 3, returned: 2, left: 1 }),
    ]);
  });
});

describe('stock returned, then the order cancelled or re-opened', () => {
  it('a cancellation returns only what the refund did not, a re-opening takes only that again', async () => {
    const o = await paidOrder({ quantity: 3, priceCents: 1000, stock: 10 });
    const stock = async () =>
      (await t.db.select().from(products).where(eq(products.id, o.product.id)))[0]?.stock;
    const res = await refundOrder(o.orderId, {
      amountCents: 2000,
      restock: [{ itemId: o.itemId, quantity: 2 }],
    });
    expect(res.status).toBe(201);
    expect(await stock()).toBe(9);
    const set = (status: 'cancelled' | 'paid') =>
      read(
        t.as(admin.token).api.admin.orders[':id'].status.$put({
          param: { id: o.orderId },
          json: { status },
        }),
      );
    expect((await set('cancelled')).status).toBe(200);
    expect(await stock()).toBe(10);
    // Cancelled: everything is back, nothing more to return.
    const more = await refundOrder(o.orderId, {
      amountCents: 100,
      restock: [{ itemId: o.itemId, quantity: 1 }],
    });
    expect([more.status, more.body.message]).toEqual([422, m.restockTooMany(o.product.name, 0)]);
    expect((await set('paid')).status).toBe(200);
    expect(await stock()).toBe(9);
  });
});

describe('submissions', () => {
  it('a full PayPal refund of a project: the submission refunded (history), its pay link closed, the sender mailed', async () => {
    const { submission } = await createSubmission(t.db, 'DCU-001');
    const created = await read(
      t.client.api.payments.paypal.orders.$post({ json: { submissionId: submission.id } }),
    );
    paypal.approve(created.body.orderId);
    const confirmed = await read(
      t.client.api.projects['payment-confirm'].$post({
        json: {
          submissionId: submission.id,
          paymentMethod: 'paypal',
          transactionId: created.body.orderId,
          amount: 95.23,
        },
      }),
    );
    expect(confirmed.status).toBe(200);
    const withStock = await read(
      t.as(admin.token).api.admin.submissions[':id'].refunds.$post({
        param: { id: submission.id },
        json: {
          amountCents: 9523,
          reason: 'Project called off',
          requestId: randomUUID(),
          restock: [{ itemId: randomUUID(), quantity: 1 }],
        },
      }),
    );
    expect([withStock.status, withStock.body.message]).toEqual([422, m.restockOnlyOrders]);
    const res = await read(
      t.as(admin.token).api.admin.submissions[':id'].refunds.$post({
        param: { id: submission.id },
        json: { amountCents: 9523, reason: 'Project called off', requestId: randomUUID() },
      }),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(projectSubmissions)
      .where(eq(projectSubmissions.id, submission.id));
    expect(row?.paymentState).toBe('refunded');
    const history = await t.db
      .select()
      .from(submissionStatusHistory)
      .where(eq(submissionStatusHistory.submissionId, submission.id))
      .orderBy(submissionStatusHistory.createdAt);
    expect(history.at(-1)).toMatchObject({ status: 'refunded', source: 'admin' });
    const detail = await read(
      t.as(admin.token).api.admin.submissions[':id'].$get({ param: { id: submission.id } }),
    );
    expect(detail.body.refunds).toMatchObject({ refundedCents: 9523, label: 'Refunded' });
    const page = await read(t.client.api.projects[':id'].$get({ param: { id: submission.id } }));
    expect(page.body.submission.payable).toBe(false);
    const [mail] = await waitForRefundMails(submission.email);
    expect(mail?.subject).toBe('Refund of $95.23 for Dialogue Clean-Up');
  });
});

describe('refused input', () => {
  it('answers 4xx with a clear message and writes nothing', async () => {
    const o = await paidOrder();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amountCents: 0 }, 400, m.amountPositive],
      [{ amountCents: -5 }, 400, m.amountPositive],
      [{ amountCents: 1.5 }, 400, m.amountWhole],
      [{ amountCents: '100' }, 400, m.amountRequired],
      [{ amountCents: 100, reason: ' ' }, 400, m.reasonRequired],
      [{ amountCents: 100, reason: 'x'.repeat(256) }, 400, m.reasonTooLong],
      [{ amountCents: 100, requestId: 'again' }, 400, m.requestIdRequired],
      [
        { amountCents: 100, reason: 'a\u0000b' },
        400,
        'Reason contains an invisible or broken character that is not allowed',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await refundOrder(o.orderId, invalid(body));
      expect(
        [res.status, res.body.issues?.[0]?.message ?? res.body.message],
        JSON.stringify(body),
      ).toEqual([status, message]);
    }
    expect(await refundsOf(o.orderId)).toHaveLength(0);

    const unknown = await refundOrder(randomUUID(), { amountCents: 100 });
    expect([unknown.status, unknown.body.message]).toEqual([404, orderMessages.notFound]);
    const malformed = await refundOrder('not-an-id', { amountCents: 100 });
    expect(malformed.status).toBe(404);
    const customer = await signUpCustomer(t);
    const unpaid = await placeOrder(t, customer.token);
    const notPaid = await refundOrder(unpaid.id, { amountCents: 100 });
    expect([notPaid.status, notPaid.body.message]).toEqual([409, m.orderNotPaid]);
    expect((await refundOrder(o.orderId, { amountCents: 100 }, customer.token)).status).toBe(403);
    expect(paypalRefundsOf(o.captureId)).toHaveLength(0);
  });
});
