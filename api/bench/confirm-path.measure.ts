import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { type EvmChain, startEvmChain } from '../src/test/evm/chain.ts';
import { createTestApp, read, type TestApp } from '../src/test/harness.ts';
import { createSubmission } from '../src/test/submissions.ts';

/**
 * `cd api && npx vitest run -c vitest.measure.config.ts`: what one USDT project payment
 * confirmation (POST /api/projects/payment-confirm, a transfer that pays) costs on the server,
 * measured in-process after a warm-up confirmation: the api/src files with a function that ran
 * (V8 precise coverage, tests and the test harness left out) and the SQL statements it sent, those
 * on the payments table among them. Written to stdout; nothing is asserted but that it paid.
 */
const src = path.resolve(import.meta.dirname, '../src');

let chain: EvmChain;
let t: TestApp;
let recording = false;
const statements: string[] = [];

afterAll(() => chain?.close());

/** A submission with an open USDT quote and the transfer that pays it, made before the window. */
async function paidTransfer() {
  const { submission } = await createSubmission(t.db);
  const quote = await read(
    t.client.api.payments.quote.$post({ json: { submissionId: submission.id, method: 'usdt' } }),
  );
  expect(quote.status).toBe(201);
  const hash = await chain.transfer({
    to: chain.merchant,
    amount: BigInt(quote.body.amountBaseUnits),
  });
  return { submissionId: submission.id, hash };
}

const confirm = ({ submissionId, hash }: { submissionId: string; hash: string }) =>
  read(
    t.client.api.projects['payment-confirm'].$post({
      json: {
        submissionId,
        paymentMethod: 'usdt',
        transactionId: hash,
        amount: 0.01,
        service: 'x',
      },
    }),
  );

/** A statement with its column lists left out: `select … from "payments" where …`. */
const shortened = (statement: string) =>
  statement
    .replace(/\s+/g, ' ')
    .replace(/^select .*? from /, 'select … from ')
    .replace(/ returning .*$/, ' returning …');

/** `payments 7, project_submissions 3, …`: each statement counted under the table it names first. */
function byTable(all: string[]) {
  const counts = new Map<string, number>();
  for (const statement of all) {
    const table = /(?:from|update|into) "(\w+)"/i.exec(statement)?.[1] ?? '(none)';
    counts.set(table, (counts.get(table) ?? 0) + 1);
  }
  return [...counts].map(([table, n]) => `${table} ${n}`).join(', ');
}

interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * The api/src files (not tests, not the test harness) in which a function was called. Vitest's
 * module runner gives each export a getter function at the top of its module, called whenever
 * another module reads that export: those are left out, so a file counts when its own code ran,
 * not when a constant of it was read.
 */
async function filesRun(session: Session, result: ScriptCoverage[]) {
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url) continue;
    const file = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
    const rel = path.relative(src, file.split('?')[0] ?? file);
    if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
    if (rel.startsWith(`test${path.sep}`) || /\.test\.ts$/.test(rel)) continue;
    const called = script.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0);
    if (called.length === 0) continue;
    const { scriptSource } = await session.post('Debugger.getScriptSource', {
      scriptId: script.scriptId,
    });
    const getters = [...scriptSource.matchAll(/__vite_ssr_exportName__\([^\n]*\n/g)].at(-1);
    const gettersEnd = getters ? (getters.index ?? 0) + getters[0].length : 0;
    if (called.some((f) => (f.ranges[0]?.endOffset ?? 0) > gettersEnd)) files.add(rel);
  }
  return [...files].sort();
}

it('one USDT project payment confirmation', async () => {
  chain = await startEvmChain();
  t = await createTestApp(
    {
      EVM_RPC_URL: chain.rpcUrl,
      EVM_CHAIN_ID: String(chain.chainId),
      USDT_CONTRACT: chain.usdtAddress,
      MERCHANT_EVM_ADDRESS: chain.merchant,
      EVM_CONFIRMATIONS: '1',
    },
    { onQuery: (query) => recording && statements.push(query) },
  );
  // The outbox worker would send the receipt while the request is measured: not the request's work.
  await t.stopMailWorker();
  const warmUp = await paidTransfer();
  const measured = await paidTransfer();

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Debugger.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  expect((await confirm(warmUp)).status).toBe(200);
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  recording = true;
  const res = await confirm(measured);
  recording = false;
  const { result } = await session.post('Profiler.takePreciseCoverage');
  await session.post('Profiler.stopPreciseCoverage');
  const files = await filesRun(session, result);
  session.disconnect();
  expect(res.status).toBe(200);

  const onPayments = statements.filter((s) => /"payments"/.test(s));
  const reads = onPayments.filter((s) => /^\s*select\b/i.test(s) || /\breturning\b/i.test(s));
  const lines = [
    `api/src files run by one USDT project payment confirmation: ${files.length}`,
    ...files.map((f) => `  ${f}`),
    `SQL statements by table: ${byTable(statements)}`,
    `SQL statements: ${statements.length}; on payments: ${onPayments.length}, of which reading it: ${reads.length}`,
    ...onPayments.map((s) => `  ${shortened(s)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});
