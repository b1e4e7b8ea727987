import { randomBytes } from 'node:crypto';
import { paymentMessages } from '@studio/shared/messages/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import {
  alephiumEnv,
  alephiumMerchant,
  alephiumTransfer,
  quotedSubmission,
} from '../../test/payments.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../../test/standins/alephium.ts';
import { paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';

const someoneElse = '1AujpupFP4KWeZvqA7itsHY9cLJmx4qTzojVZrg8W9y9n';
let node: AlephiumStandin;
let t: TestApp;

beforeAll(async () => {
  node = await startAlephiumStandin();
  t = await createTestApp(
    {
      ...alephiumEnv(node),
      ALPH_CONFIRMATIONS: '2',
      PAYMENT_RECHECK_SECONDS: '1',
    },
    { jobs: true },
  );
});
afterAll(() => node?.close());

const txId = () => randomBytes(32).toString('hex');

async function quoted() {
  const quoted = await quotedSubmission(t, 'alephium');
  expect(quoted.body.amountText).toBe('190.46'); // $95.23 / 0.5
  return quoted;
}

const confirm = (submissionId: string, transactionId: string) =>
  read(
    t.client.api.projects['payment-confirm'].$post({
      json: { submissionId, paymentMethod: 'alephium', transactionId, amount: 1 },
    }),
  );

const state = (id: string) => paymentStateOf(t.db, id);

describe('Alephium payments verified through the node API', () => {
  it('confirms a transfer with enough confirmations whose outputs to the merchant cover the amount', async () => {
    const { submission, due } = await quoted();
    const id = txId();
    // Two outputs to the merchant count together; change back to the payer does not.
    node.addTransaction({
      txId: id,
      outputs: [
        { address: alephiumMerchant, attoAlphAmount: (due - 10n ** 18n).toString() },
        { address: alephiumMerchant, attoAlphAmount: (10n ** 18n).toString() },
        { address: someoneElse, attoAlphAmount: '5000000000000000000' },
      ],
      confirmations: 2,
    });
    const res = await confirm(submission.id, id);
    expect(res.status).toBe(200);
    expect(await state(submission.id)).toBe('paid');
  });

  it('answers 202 while in the mempool, then the job confirms it', async () => {
    const { submission, due, paymentId } = await quoted();
    const id = alephiumTransfer(node, due, 'mempool');
    const first = await confirm(submission.id, id);
    expect(first.status).toBe(202);
    node.confirm(id, 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await state(submission.id)).toBe('unpaid'); // 1 of 2 confirmations
    node.confirm(id, 2);
    await untilSubmissionPaid(t.db, submission.id, 20_000);
    expect(await state(submission.id)).toBe('paid');
    const [event] = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.toStatus, 'confirmed')));
    expect(event?.source).toBe('job');
  }, 40_000);

  it('answers 404 for a transaction the node does not know', async () => {
    const { submission } = await quoted();
    const res = await confirm(submission.id, txId());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(paymentMessages.unknownTransaction);
  });

  it('refuses a transfer to another address', async () => {
    const { submission, due } = await quoted();
    const id = txId();
    node.addTransaction({
      txId: id,
      outputs: [{ address: someoneElse, attoAlphAmount: due.toString() }],
      confirmations: 5,
    });
    const res = await confirm(submission.id, id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.wrongRecipient);
  });

  it('refuses an underpayment by one atto', async () => {
    const { submission, due } = await quoted();
    const id = txId();
    node.addTransaction({
      txId: id,
      outputs: [{ address: alephiumMerchant, attoAlphAmount: (due - 1n).toString() }],
      confirmations: 5,
    });
    const res = await confirm(submission.id, id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.underpaid);
    expect(await state(submission.id)).toBe('unpaid');
  });

  it('refuses a transaction id already used for another submission', async () => {
    const a = await quoted();
    const b = await quoted();
    const id = alephiumTransfer(node, a.due, 5);
    expect((await confirm(a.submission.id, id)).status).toBe(200);
    // A transaction that paid one payment is refused for another at once (decision 026)...
    const other = await confirm(b.submission.id, id);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(paymentMessages.alreadyUsed);
    // ...and even with the same amount, the UNIQUE transaction id refuses a second use.
    const c = await quoted();
    await t.db
      .update(payments)
      .set({ amountBaseUnits: a.due.toString() })
      .where(eq(payments.id, c.paymentId));
    const reused = await confirm(c.submission.id, id);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(paymentMessages.alreadyUsed);
    expect(await state(b.submission.id)).toBe('unpaid');
  });
});
