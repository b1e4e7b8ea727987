import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentMessages } from '@studio/shared/messages/payments';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/payments.ts';
import { type EvmChain, startEvmChain } from '../../test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../../test/harness.ts';
import {
  alephiumEnv,
  alephiumTransfer,
  paymentRowOf,
  quotedSubmission,
  usdtEnv,
} from '../../test/payments.ts';
import { type AlephiumStandin, startAlephiumStandin } from '../../test/standins/alephium.ts';
import { paymentStateOf, untilSubmissionPaid } from '../../test/submissions.ts';
import { until } from '../../test/until.ts';

/**
 * The chains' peers failing (issue 15, "providers fail soft"): the EVM JSON-RPC endpoint (the
 * local Hardhat chain behind a port that first refuses connections, then forwards or goes
 * silent) and the Alephium node stand-in (500s, silence, `Conflicted`). Each call has 500 ms
 * here and one retry; an outage answers 503 with Retry-After and keeps the payment pending with
 * its re-check queued, which pays it once the peer answers again.
 */
const TIMEOUT_MS = 500;
const RECHECK_SECONDS = 2;
let chain: EvmChain;
let node: AlephiumStandin;
let t: TestApp;

/**
 * The RPC address the API is given: nothing listens there until `up()` (connections refused);
 * then it forwards to the chain, or holds every request unanswered while `silent`.
 */
const rpc = {
  port: 0,
  silent: false,
  server: undefined as Server | undefined,
  async up() {
    if (this.server) return;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (rpc.silent) return;
        fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: Buffer.concat(chunks),
        })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'Content-Type': 'application/json' });
            res.end(await answer.text());
          })
          .catch(() => res.destroy());
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  },
  async down() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  },
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [chain, node, rpc.port] = await Promise.all([
    startEvmChain(),
    startAlephiumStandin(),
    freePort(),
  ]);
  t = await createTestApp(
    {
      ...usdtEnv(chain, `http://127.0.0.1:${rpc.port}`),
      ...alephiumEnv(node),
      PAYMENT_PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
      PAYMENT_RECHECK_SECONDS: String(RECHECK_SECONDS),
    },
    { jobs: true },
  );
}, 60_000);
afterEach(() => {
  node.clearFaults();
  rpc.silent = false;
});
afterAll(async () => {
  await rpc.down();
  await Promise.all([chain?.close(), node?.close()]);
});

const confirm = (submissionId: string, method: 'usdt' | 'alephium', transactionId: string) =>
  read(
    t.client.api.projects['payment-confirm'].$post({
      json: { submissionId, paymentMethod: method, transactionId, amount: 95.23 },
    }),
  );

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

async function lastEvent(paymentId: string) {
  const rows = await t.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.createdAt);
  return rows.at(-1);
}

async function rechecks(paymentId: string) {
  return t.db.execute<{ state: string; singleton_key: string | null }>(
    sql`select state, singleton_key from pgboss.job where name = 'payment-recheck' and data->>'paymentId' = ${paymentId}`,
  );
}

/** A 503 that keeps the payment open: message, Retry-After, the row, the note, the job. */
async function expectKeptOpen(
  res: Awaited<ReturnType<typeof confirm>>,
  paymentId: string,
  reference: string,
  peer: string,
) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: paymentMessages.peerUnavailable, code: 'UNAVAILABLE' });
  expect(res.headers.get('retry-after')).toBe(String(RECHECK_SECONDS));
  const row = await paymentRowOf(t.db, paymentId);
  expect(row?.status).toBe('pending');
  expect(row?.providerReference).toBe(reference);
  expect(String((await lastEvent(paymentId))?.detail.unavailable)).toMatch(
    new RegExp(`^${peer}: `),
  );
  // Each offered transaction is re-checked on its own (decision 026).
  expect((await rechecks(paymentId)).map((j) => j.singleton_key)).toContain(
    `${paymentId}:${reference}:0`,
  );
}

describe('USDT: the EVM RPC endpoint', () => {
  it('refusing connections: 503 at once, pending with the transfer noted, and the re-check pays it once the endpoint is up', async () => {
    const { submission, paymentId, due } = await quotedSubmission(t, 'usdt');
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    const { result: res, ms } = await timed(() => confirm(submission.id, 'usdt', hash));
    await expectKeptOpen(res, paymentId, hash, 'evm');
    expect(ms).toBeLessThan(2_000);
    expect(await paymentStateOf(t.db, submission.id)).toBe('unpaid');

    await rpc.up();
    await untilSubmissionPaid(t.db, submission.id);
    expect((await paymentRowOf(t.db, paymentId))?.externalId).toMatch(
      new RegExp(`^evm:31337:${hash.toLowerCase()}:`),
    );
  });

  it('silent (accepts, never answers): 503 after two 500 ms tries, and the re-check pays it once it answers', async () => {
    await rpc.up();
    const { submission, paymentId, due } = await quotedSubmission(t, 'usdt');
    const hash = await chain.transfer({ to: chain.merchant, amount: due });
    rpc.silent = true;
    const { result: res, ms } = await timed(() => confirm(submission.id, 'usdt', hash));
    await expectKeptOpen(res, paymentId, hash, 'evm');
    expect(ms).toBeGreaterThanOrEqual(2 * TIMEOUT_MS);
    expect(ms).toBeLessThan(3_000);
    rpc.silent = false;
    await untilSubmissionPaid(t.db, submission.id);
  });
});

describe('Alephium: the node', () => {
  it('answering 500: 503 with Retry-After, pending, and the re-check pays it once the node answers', async () => {
    const { submission, paymentId, due } = await quotedSubmission(t, 'alephium');
    const id = alephiumTransfer(node, due);
    node.fault({ path: '/transactions/status' }, 500);
    const res = await confirm(submission.id, 'alephium', id);
    await expectKeptOpen(res, paymentId, id, 'alephium');
    const asked = node.requests.filter((r) => r.path === `/transactions/status?txId=${id}`);
    expect(asked).toHaveLength(2);

    node.clearFaults();
    await untilSubmissionPaid(t.db, submission.id);
  });

  it('hanging: 503 in about a second (not after 15 s), and the re-check pays it once the node answers', async () => {
    const { submission, paymentId, due } = await quotedSubmission(t, 'alephium');
    const id = alephiumTransfer(node, due);
    node.fault({ path: /^\/transactions\// }, 'hang');
    const { result: res, ms } = await timed(() => confirm(submission.id, 'alephium', id));
    await expectKeptOpen(res, paymentId, id, 'alephium');
    expect(ms).toBeLessThan(3_000);

    node.clearFaults();
    await untilSubmissionPaid(t.db, submission.id);
  });

  it('Conflicted on confirm: 422, the quote stays open for another transfer, nothing queued', async () => {
    const { submission, paymentId, due } = await quotedSubmission(t, 'alephium');
    const id = alephiumTransfer(node, due, 3);
    node.conflict(id);
    const res = await confirm(submission.id, 'alephium', id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(paymentMessages.conflicted);
    // Decision 026: a transaction that cannot pay leaves the quote open (the payer's inputs
    // went elsewhere; a new transfer with the same quote still pays it).
    const row = await paymentRowOf(t.db, paymentId);
    expect(row).toMatchObject({ status: 'pending', failureReason: null });
    expect((await lastEvent(paymentId))?.detail).toMatchObject({
      failedOffer: id,
      reason: 'conflicted',
    });
    expect(await paymentStateOf(t.db, submission.id)).toBe('unpaid');
    expect(await rechecks(paymentId)).toHaveLength(0);
  });

  it('pending in the mempool, then Conflicted: the re-check notes it, stops, and the quote stays open', async () => {
    const { submission, paymentId, due } = await quotedSubmission(t, 'alephium');
    const id = alephiumTransfer(node, due, 'mempool');
    expect((await confirm(submission.id, 'alephium', id)).status).toBe(202);
    node.conflict(id);
    await until(
      async () => (await lastEvent(paymentId))?.detail.reason === 'conflicted',
      15_000,
      'the conflict noted',
      100,
    );
    const row = await paymentRowOf(t.db, paymentId);
    // No longer watched: the quote is open for another transfer (decision 026).
    expect(row).toMatchObject({ status: 'pending', providerReference: null });
    expect((await lastEvent(paymentId))?.source).toBe('job');
    expect(await paymentStateOf(t.db, submission.id)).toBe('unpaid');
    // No re-check waits to ask again.
    await new Promise((r) => setTimeout(r, 1_000));
    const waiting = (await rechecks(paymentId)).filter((j) =>
      ['created', 'retry', 'active'].includes(j.state),
    );
    expect(waiting).toHaveLength(0);
  });
});
