import { randomBytes } from 'node:crypto';
import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/payments.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { type EvmChain, startEvmChain } from '../../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import {
  alephiumEnv,
  alephiumMerchant,
  alephiumTransfer,
  paymentRowOf,
  quotedSubmission,
  usdtEnv,
} from '../../test/payments.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../../test/standins/alephium.ts';
import { paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';

/**
 * A wrong transaction never burns a quote (issue 16 item 5, decision 026): anyone holding a pay
 * link may offer any transaction; one that cannot pay the quote answers its reason and leaves
 * the quote open, the same reason every time; offers that fail are limited per quote and per
 * address, and the buyer's own transfer pays whatever strangers did. Against the real local EVM
 * chain (USDT) and the Alephium node stand-in.
 */
const someoneElse = '1AujpupFP4KWeZvqA7itsHY9cLJmx4qTzojVZrg8W9y9n';
const PER_QUOTE = 3;
const PER_IP = 5;
let chain: EvmChain;
let node: AlephiumStandin;
let t: TestApp;
let ipCounter = 0;
/** A client address no other test used. */
const newIp = () => `10.26.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  chain = await startEvmChain();
  node = await startAlephiumStandin();
  t = await createTestApp(
    {
      TRUST_PROXY: 'true',
      ...usdtEnv(chain),
      ...alephiumEnv(node),
      PAYMENT_RECHECK_SECONDS: '1',
      PAYMENT_RATE_LIMIT_PER_HOUR: '100000',
      PAYMENT_FAILED_OFFERS_PER_QUOTE: String(PER_QUOTE),
      PAYMENT_FAILED_OFFERS_PER_IP: String(PER_IP),
    },
    { jobs: true },
  );
}, 60_000);
afterAll(async () => {
  await chain?.close();
  await node?.close();
});

/** A submission quoted for `method` (USDT: the SM-001 service; ALPH: DCU-001). */
const quoted = (method: 'usdt' | 'alephium' = 'usdt') =>
  quotedSubmission(t, method, method === 'usdt' ? 'SM-001' : 'DCU-001');

function offer(
  submissionId: string,
  transactionId: string,
  ip: string,
  method: PaymentMethod = 'usdt',
) {
  return read(
    t.client.api.projects['payment-confirm'].$post(
      { json: { submissionId, paymentMethod: method, transactionId } },
      { headers: { 'X-Forwarded-For': ip } },
    ),
  );
}

const paymentRow = (id: string) => paymentRowOf(t.db, id);

const paidState = (id: string) => paymentStateOf(t.db, id);

/** The history rows noting `reference` as a transaction that cannot pay the payment. */
async function failedOffers(paymentId: string, reference: string) {
  return t.db
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, paymentId),
        sql`${paymentEvents.detail}->>'failedOffer' = ${reference.toLowerCase()}`,
      ),
    );
}

async function counted(key: string) {
  const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count ?? 0;
}

/** Wrong, confirmed USDT transfers, each made for the quote `due` is of. */
const wrongUsdt = {
  'to another address': async (due: bigint) => ({
    hash: await chain.transfer({ to: await chain.payer(5).getAddress(), amount: due }),
    message: paymentMessages.wrongRecipient,
  }),
  'in another token': async (due: bigint) => ({
    hash: await chain.transfer({ to: chain.merchant, amount: due, token: chain.otherTokenAddress }),
    message: paymentMessages.wrongToken,
  }),
  'for less': async (due: bigint) => ({
    hash: await chain.transfer({ to: chain.merchant, amount: due - 1n }),
    message: paymentMessages.underpaid,
  }),
  'without the quote tag': async (due: bigint) => ({
    hash: await chain.transfer({ to: chain.merchant, amount: due + 1_000_001n }),
    message: paymentMessages.wrongAmount,
  }),
  reverted: async () => ({
    hash: await chain.revertedTransfer({ to: chain.merchant }),
    message: paymentMessages.transactionFailed,
  }),
};

describe('a stranger offers a wrong transaction for an open USDT quote', () => {
  it.each(Object.entries(wrongUsdt))(
    '%s: 422 with its reason, the quote stays open, and then the buyer’s transfer pays',
    async (_case, make) => {
      const { submission, paymentId, due } = await quoted();
      const wrong = await make(due);
      const stranger = await offer(submission.id, wrong.hash, newIp());
      expect(stranger.status).toBe(422);
      expect(stranger.body.message).toBe(wrong.message);
      expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending', failureReason: null });
      expect(await failedOffers(paymentId, wrong.hash)).toHaveLength(1);

      const hash = await chain.transfer({ to: chain.merchant, amount: due });
      const buyer = await offer(submission.id, hash, newIp());
      expect(buyer.status).toBe(200);
      expect(buyer.body).toMatchObject({ status: 'confirmed', paymentId });
      expect(await paidState(submission.id)).toBe('paid');
      // The stranger's offer again, after the payment: no open payment takes it.
      expect((await offer(submission.id, wrong.hash, newIp())).status).toBe(422);
    },
  );

  it('20 parallel offers of one wrong transfer get one identical answer, noted and counted once', async () => {
    const { submission, paymentId, due } = await quoted();
    const { hash } = await wrongUsdt['to another address'](due);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => offer(submission.id, hash, ip)),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body.message}`))).toEqual(
      new Set([`422 ${paymentMessages.wrongRecipient}`]),
    );
    expect(await failedOffers(paymentId, hash)).toHaveLength(1);
    expect(await counted(`payment-offer-failed:quote:${paymentId}`)).toBe(1);
    expect(await counted(`payment-offer-failed:ip:${ip}`)).toBe(1);
    // Written in capitals it is the same transaction and the same answer.
    const again = await offer(submission.id, hash.toUpperCase().replace('0X', '0x'), ip);
    expect([again.status, again.body.message]).toEqual([422, paymentMessages.wrongRecipient]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' });
    const paid = await offer(
      submission.id,
      await chain.transfer({ to: chain.merchant, amount: due }),
      ip,
    );
    expect(paid.status).toBe(200);
  });

  it('a transaction that paid another payment is refused at once and for good, also 20 at a time', async () => {
    const first = await quoted();
    const second = await quoted();
    const hash = await chain.transfer({ to: chain.merchant, amount: first.due });
    expect((await offer(first.submission.id, hash, newIp())).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => offer(second.submission.id, hash, newIp())),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body.message}`))).toEqual(
      new Set([`409 ${paymentMessages.alreadyUsed}`]),
    );
    const later = await offer(second.submission.id, hash, newIp());
    expect([later.status, later.body.message]).toEqual([409, paymentMessages.alreadyUsed]);
    expect(await paymentRow(second.paymentId)).toMatchObject({ status: 'pending' });
    expect(await paidState(second.submission.id)).toBe('unpaid');
  });
});

describe('a stranger’s transfer not mined yet', () => {
  it('does not take the quote’s watch from the buyer’s: each is re-checked on its own', async () => {
    const { submission, paymentId, due } = await quoted();
    await chain.setAutomine(false);
    try {
      const mine = await chain.transfer({ from: 2, to: chain.merchant, amount: due });
      const buyer = await offer(submission.id, mine, newIp());
      expect(buyer.status).toBe(202);
      const elsewhere = await chain.payer(5).getAddress();
      const theirs = await chain.transfer({ from: 3, to: elsewhere, amount: due });
      const stranger = await offer(submission.id, theirs, newIp());
      // Not mined: nobody can tell yet.
      expect(stranger.status).toBe(202);
      expect((await paymentRow(paymentId))?.providerReference).toBe(mine.toLowerCase());
      await chain.mine(1);
    } finally {
      await chain.setAutomine(true);
    }
    await untilSubmissionPaid(t.db, submission.id, 20_000);
    expect(await paidState(submission.id)).toBe('paid');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'confirmed' });
  }, 40_000);
});

describe('failed offers are limited', () => {
  it(`per quote: past ${PER_QUOTE} different wrong transactions from any addresses, 429; the buyer still pays`, async () => {
    const { submission, paymentId, due } = await quoted();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof offer>> | undefined;
    for (let i = 0; i < PER_QUOTE + 2; i++) {
      const { hash } = await wrongUsdt['for less'](due - BigInt(i));
      last = await offer(submission.id, hash, newIp());
      statuses.push(last.status);
    }
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
    expect(last?.body.message).toBe(paymentMessages.tooManyFailedOffers);
    const retryAfter = Number(last?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' });

    // The limit is on offers that fail: the buyer's transfer still pays the quote.
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const buyer = await offer(submission.id, hash, newIp());
    expect(buyer.status).toBe(200);
    expect(await paidState(submission.id)).toBe('paid');
  });

  it(`per address: past ${PER_IP} wrong offers over several quotes, 429; other addresses and a right transfer still pass`, async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP + 1; i++) {
      const q = await quoted();
      const { hash } = await wrongUsdt['to another address'](q.due);
      statuses.push((await offer(q.submission.id, hash, ip)).status);
    }
    expect(statuses).toEqual([...Array(PER_IP).fill(422), 429]);
    expect(await counted(`payment-offer-failed:ip:${ip}`)).toBe(PER_IP + 1);

    // Another address gets its reason.
    const other = await quoted();
    const { hash: wrong } = await wrongUsdt['for less'](other.due);
    expect((await offer(other.submission.id, wrong, newIp())).status).toBe(422);
    // The limited address still pays with a right transfer, and unknown hashes are 429 there.
    const q = await quoted();
    expect((await offer(q.submission.id, `0x${'cd'.repeat(32)}`, ip)).status).toBe(429);
    const hash = await chain.transfer({ to: chain.merchant, amount: q.due });
    expect((await offer(q.submission.id, hash, ip)).status).toBe(200);
    expect(await paidState(q.submission.id)).toBe('paid');
  });
});

describe('the same on Alephium', () => {
  const txId = () => randomBytes(32).toString('hex');

  it('a wrong transfer leaves the quote open; the buyer’s pays it, after the limit too', async () => {
    const { submission, paymentId, due } = await quoted('alephium');
    const statuses: number[] = [];
    const wrongs = [
      [{ address: someoneElse, attoAlphAmount: due.toString() }],
      [{ address: alephiumMerchant, attoAlphAmount: (due - 1n).toString() }],
      [{ address: alephiumMerchant, attoAlphAmount: (due + 7n).toString() }],
      [{ address: alephiumMerchant, attoAlphAmount: (due - 2n).toString() }],
    ];
    const messagesSeen: string[] = [];
    for (const outputs of wrongs) {
      const id = txId();
      node.addTransaction({ txId: id, outputs, confirmations: 1 });
      const res = await offer(submission.id, id, newIp(), 'alephium');
      statuses.push(res.status);
      messagesSeen.push(res.body.message);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
    expect(messagesSeen.slice(0, 3)).toEqual([
      paymentMessages.wrongRecipient,
      paymentMessages.underpaid,
      paymentMessages.wrongAmount,
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' });

    const id = alephiumTransfer(node, due);
    expect((await offer(submission.id, id, newIp(), 'alephium')).status).toBe(200);
    expect(await paidState(submission.id)).toBe('paid');
  });

  it('20 parallel offers of one conflicted transaction: one answer, the quote stays open', async () => {
    const { submission, paymentId, due } = await quoted('alephium');
    const id = alephiumTransfer(node, due);
    node.conflict(id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => offer(submission.id, id, newIp(), 'alephium')),
    );
    expect(new Set(answers.map((a) => `${a.status} ${a.body.message}`))).toEqual(
      new Set([`422 ${paymentMessages.conflicted}`]),
    );
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' });
    expect(await failedOffers(paymentId, id)).toHaveLength(1);
  });
});
