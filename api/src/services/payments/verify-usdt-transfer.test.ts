import { paymentMessages } from '@studio/shared/messages/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { createLogger } from '../../lib/logger.ts';
import { signUpCustomer } from '../../test/accounts.ts';
import { type EvmChain, startEvmChain } from '../../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import { placeOrder } from '../../test/orders.ts';
import { quotedSubmission, usdtEnv } from '../../test/payments.ts';
import { startSmtpServer } from '../../test/smtp.ts';
import { paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';
import { expireStalePayments } from './expire-stale-payments.ts';
import { recheckPayment } from './recheck-payment.ts';

let chain: EvmChain;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  chain = await startEvmChain();
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      ...usdtEnv(chain),
      PAYMENT_RECHECK_SECONDS: '1',
      SMTP_URL: smtp.url,
      CONTACT_TO: 'studio@example.com',
    },
    { jobs: true },
  );
}, 60_000);
afterAll(() => chain?.close());

/** A submission with an open USDT quote: what is due, in base units. */
async function quoted(sku = 'SM-001') {
  const { submission, due, body } = await quotedSubmission(t, 'usdt', sku);
  return { submission, quote: body, due };
}

function confirm(submissionId: string, transactionId: string, extra: Record<string, unknown> = {}) {
  return read(
    t.client.api.projects['payment-confirm'].$post({
      json: {
        submissionId,
        paymentMethod: 'usdt',
        transactionId,
        amount: 0.01,
        service: 'Free',
        ...extra,
      },
    }),
  );
}

const submissionState = (id: string) => paymentStateOf(t.db, id);

/** On `app`: a submission quoted in USDT, paid by a transfer, and the answer to its confirmation. */
async function transferOffered(app: TestApp) {
  const { submission, paymentId, due } = await quotedSubmission(app, 'usdt', 'SM-001');
  const hash = await chain.transfer({ to: chain.merchant, amount: due });
  const first = await read(
    app.client.api.projects['payment-confirm'].$post({
      json: { submissionId: submission.id, paymentMethod: 'usdt', transactionId: hash },
    }),
  );
  return { submission, paymentId, first };
}

describe('USDT payments verified on chain', () => {
  it('confirms an exact payment: 200, the submission is paid, one history row, receipt mails', async () => {
    const { submission, due, quote } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'confirmed', paymentId: quote.paymentId });
    expect(await submissionState(submission.id)).toBe('paid');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, quote.paymentId));
    expect(payment).toMatchObject({ status: 'confirmed', method: 'usdt', amountCents: 23540 });
    expect(payment?.externalId).toMatch(new RegExp(`^evm:31337:${hash.toLowerCase()}:\\d+$`));
    const confirmed = await t.db
      .select()
      .from(paymentEvents)
      .where(
        and(eq(paymentEvents.paymentId, quote.paymentId), eq(paymentEvents.toStatus, 'confirmed')),
      );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.source).toBe('client');

    const [receipt] = await smtp.waitFor(submission.email);
    expect(receipt?.subject).toBe('Payment received: Song Mix');
    expect(receipt?.text).toContain('Total: $235.40');
    expect(receipt?.text).toContain('Paid with USDT: 235.40 USDT');
    const notice = (await smtp.waitFor('studio@example.com')).find(
      (m) => m.subject === 'Paid: Song Mix by Pat Payer',
    );
    expect(notice?.text).toContain('235.40 USDT ($235.40)');
  });

  it('is idempotent: confirming the same transfer again answers 200 and changes nothing', async () => {
    const { submission, due, quote } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    expect((await confirm(submission.id, hash)).status).toBe(200);
    expect((await confirm(submission.id, hash)).status).toBe(200);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, quote.paymentId));
    expect(events.filter((e) => e.toStatus === 'confirmed')).toHaveLength(1);
  });

  it('marks a transfer paid once under concurrent confirmations', async () => {
    const { submission, due, quote } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => confirm(submission.id, hash)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, quote.paymentId));
    expect(events.filter((e) => e.toStatus === 'confirmed')).toHaveLength(1);
    await smtp.waitFor(submission.email);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.to(submission.email)).toHaveLength(1);
  });

  it('never lets one transfer pay two submissions, even at the same moment', async () => {
    const a = await quoted();
    const b = await quoted();
    // Even if both quotes had drawn the same tag (the same amount), the UNIQUE external id holds.
    await t.db
      .update(payments)
      .set({ amountBaseUnits: a.due.toString() })
      .where(eq(payments.id, b.quote.paymentId));
    const hash = await chain.transfer({ to: chain.merchant, amount: a.due });
    const [ra, rb] = await Promise.all([
      confirm(a.submission.id, hash),
      confirm(b.submission.id, hash),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.message).toBe(paymentMessages.alreadyUsed);
    const states = [
      await submissionState(a.submission.id),
      await submissionState(b.submission.id),
    ].sort();
    expect(states).toEqual(['paid', 'unpaid']);
  });

  it("refuses someone else's transfer: one made for another quote does not carry this quote's tag", async () => {
    const victim = await quoted();
    const attacker = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: victim.due });
    const stolen = await confirm(attacker.submission.id, hash);
    expect(stolen.status).toBe(422);
    expect([paymentMessages.wrongAmount, paymentMessages.underpaid]).toContain(stolen.body.message);
    expect(await submissionState(attacker.submission.id)).toBe('unpaid');
    expect((await confirm(victim.submission.id, hash)).status).toBe(200);
  });

  it('accepts an overpayment by whole cents that keeps the tag', async () => {
    const { submission, due } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due + 50_000n });
    expect((await confirm(submission.id, hash)).status).toBe(200);
  });

  it('refuses an underpayment with 422 and leaves the submission unpaid', async () => {
    const { submission, due } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due - 1n });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.underpaid);
    expect(await submissionState(submission.id)).toBe('unpaid');
  });

  it('refuses a transfer to another address', async () => {
    const { submission, due } = await quoted();
    const elsewhere = await chain.payer(5).getAddress();
    const hash = await chain.transfer({ to: elsewhere, amount: due });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.wrongRecipient);
  });

  it('refuses a transfer of another token', async () => {
    const { submission, due } = await quoted();
    const hash = await chain.transfer({
      to: chain.merchant,
      amount: due,
      token: chain.otherTokenAddress,
    });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.wrongToken);
  });

  it('refuses a reverted transfer', async () => {
    const { submission } = await quoted();
    const hash = await chain.revertedTransfer({ to: chain.merchant });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.transactionFailed);
  });

  it('answers 404 for an unknown transaction and keeps the quote open', async () => {
    const { submission, quote } = await quoted();
    const res = await confirm(submission.id, `0x${'ab'.repeat(32)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(paymentMessages.unknownTransaction);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, quote.paymentId));
    expect(payment?.status).toBe('pending');
  });

  it('refuses a transfer mined before the quote was issued', async () => {
    const { submission, due, quote } = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    // As if the quote had been issued an hour after the transfer.
    await t.db
      .update(payments)
      .set({
        createdAt: new Date(Date.now() + 3_600_000),
        quoteExpiresAt: new Date(Date.now() + 3_700_000),
      })
      .where(eq(payments.id, quote.paymentId));
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.transferTooEarly);
  });

  it('refuses a transfer mined after the quote expired', async () => {
    const { submission, due, quote } = await quoted();
    await t.db
      .update(payments)
      .set({
        createdAt: new Date(Date.now() - 3_600_000),
        quoteExpiresAt: new Date(Date.now() - 3_000_000),
      })
      .where(eq(payments.id, quote.paymentId));
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const res = await confirm(submission.id, hash);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.quoteExpired);
  });
});

describe('a transfer still waiting for confirmations', () => {
  it('answers 202, then the job confirms it once enough blocks are mined', async () => {
    const slow = await createTestApp(
      {
        ...usdtEnv(chain),
        EVM_CONFIRMATIONS: '3',
        PAYMENT_RECHECK_SECONDS: '1',
      },
      { jobs: true },
    );
    const { submission, paymentId, first } = await transferOffered(slow);
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('pending');
    const state = () => paymentStateOf(slow.db, submission.id);
    expect(await state()).toBe('unpaid');

    await chain.mine(3);
    await untilSubmissionPaid(slow.db, submission.id, 20_000);
    expect(await state()).toBe('paid');
    const [event] = await slow.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'confirmed')));
    expect(event?.source).toBe('job');
  }, 40_000);
});

describe('jobs survive a restart', () => {
  it('a re-check queued by one process is done by the next one', async () => {
    const env = {
      ...usdtEnv(chain),
      EVM_CONFIRMATIONS: '3',
      PAYMENT_RECHECK_SECONDS: '2',
    };
    const before = await createTestApp(env, { jobs: true });
    const { submission, first } = await transferOffered(before);
    expect(first.status).toBe(202);
    await before.stopJobs(); // the process goes down with the re-check still queued

    await chain.mine(3);
    const after = await createTestApp(env, { jobs: true });
    const state = () => paymentStateOf(after.db, submission.id);
    await untilSubmissionPaid(after.db, submission.id, 20_000);
    expect(await state()).toBe('paid');
  }, 40_000);
});

describe('the watch window', () => {
  it('expires a payment still pending PAYMENT_WATCH_MINUTES after its quote', async () => {
    const env = {
      ...usdtEnv(chain),
      EVM_CONFIRMATIONS: '50',
      PAYMENT_RECHECK_SECONDS: '600',
      PAYMENT_WATCH_MINUTES: '60',
    };
    const app = await createTestApp(env, { jobs: true });
    const { submission, paymentId, first: res } = await transferOffered(app);
    expect(res.status).toBe(202);
    await app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(payments.id, paymentId));
    await recheckPayment({
      db: app.db,
      env: app.env,
      secret: app.secret,
      jobs: { send: async () => {} },
      log: createLogger({ LOG_LEVEL: 'silent' }),
      paymentId: paymentId,
      attempt: 3,
    });
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('expired');
    const [event] = await app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'expired')));
    expect(event?.source).toBe('job');
    expect(await submissionState(submission.id)).toBe('unpaid');
  });
});

describe('paying a shop order with USDT', () => {
  it('quotes the order total and marks the order paid once the transfer is verified', async () => {
    const customer = await signUpCustomer(t);
    const { id: orderId } = await placeOrder(t, customer.token, {
      product: { category: 'digital', priceCents: 3900 },
      quantity: 2,
      address: null,
    });
    const anonymous = await read(
      t.client.api.payments.quote.$post({ json: { orderId, method: 'usdt' } }),
    );
    expect(anonymous.status).toBe(401);
    const quote = await read(
      t.as(customer.token).api.payments.quote.$post({ json: { orderId, method: 'usdt' } }),
    );
    expect(quote.status).toBe(201);
    // 2 x 39.00 = 78.00 + 7% = 83.46 -> 83,460,000 base units
    expect(quote.body).toMatchObject({
      orderId,
      totalCents: 8346,
      amountText: '83.46',
    });
    const due = BigInt(quote.body.amountBaseUnits);
    expect(due - 83_460_000n).toBeGreaterThan(0n); // the quote's tag, under a cent
    expect(due - 83_460_000n).toBeLessThan(10_000n);
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const res = await read(
      t.as(customer.token).api.orders[':id']['payment-confirm'].$post({
        param: { id: orderId },
        json: { paymentMethod: 'usdt', transactionId: hash },
      }),
    );
    expect(res.status).toBe(200);
    const mine = await read(
      t.as(customer.token).api.orders[':id'].$get({ param: { id: orderId } }),
    );
    expect(mine.body.order.status).toBe('paid');
    const again = await read(
      t.as(customer.token).api.payments.quote.$post({ json: { orderId, method: 'usdt' } }),
    );
    expect(again.status).toBe(409);
  });
});

describe('the expiry sweep', () => {
  it('expires pending payments past the watch window, whatever happened to their jobs', async () => {
    const { submission, quote } = await quoted();
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(payments.id, quote.paymentId));
    const { expired } = await expireStalePayments({ db: t.db, env: t.env });
    expect(expired).toBeGreaterThanOrEqual(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, quote.paymentId));
    expect(payment?.status).toBe('expired');
    expect(await submissionState(submission.id)).toBe('unpaid');
  });
});
