/**
 * A stand-in for an Alephium full node's REST API (the few endpoints the API uses), for tests.
 *
 * Shapes follow the node's OpenAPI as published in the generated client of alephium-web3
 * (`packages/web3/src/api/api-alephium.ts`, "Alephium API" 2.x: `TxStatus`, `Confirmed`, `MemPooled`,
 * `TxNotFound`, `Transaction`, `UnsignedTx`, `FixedAssetOutput`, `AssetInput`, `Balance`, `NotFound`,
 * `BadRequest`) and the node's Scala sources (alephium/alephium: `api/model/Balance.scala`,
 * `ApiError.scala`, `app/ServerUtils.scala`). `Conflicted` (a transaction in a block whose inputs another
 * transaction spent; it never counts) follows @alephium/web3 2.x's `api-alephium.ts`: the same fields as
 * `Confirmed` under `type: 'Conflicted'`. Faults answer the node's `InternalServerError` (500) or
 * `ServiceUnavailable` (503), both `{ detail }`, or hang.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type Fault, listen, type ReceivedRequest, sendJson } from './http.ts';

export interface AlephiumStandin {
  baseUrl: string; // used as ALPH_NODE_URL
  requests: { method: string; path: string }[];
  /** Adds a transaction with these outputs (attoAlphAmount as decimal strings). Starts 'MemPooled' unless confirmations given. */
  addTransaction(tx: {
    txId: string;
    outputs: { address: string; attoAlphAmount: string }[];
    confirmations?: number;
  }): void;
  /** Marks the tx confirmed with this many confirmations (chainConfirmations/fromGroupConfirmations/toGroupConfirmations). */
  confirm(txId: string, confirmations: number): void;
  setBalance(address: string, attoAlph: string): void;
  /** The tx lost to a conflicting one: `GET /transactions/status` answers `Conflicted`. */
  conflict(txId: string): void;
  /** Makes matching requests fail: 'hang' (never answered) or 500/503; `times` requests (all until cleared). */
  fault(
    match: { method?: string; path: string | RegExp },
    fault: 'hang' | 500 | 503,
    times?: number,
  ): void;
  clearFaults(): void;
  /** Refuses connections until `start()` (same address). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

interface StoredTx {
  txId: string;
  outputs: { address: string; attoAlphAmount: string }[];
  /** Undefined while in the mempool. */
  confirmations?: number;
  conflicted?: boolean;
  blockHash: string;
}

/** 32-byte hashes (tx ids, block hashes, output keys) are 64 hex characters. */
const HASH = /^[0-9a-fA-F]{64}$/;
/** Base58 (Bitcoin alphabet); groupless (Danube) addresses may carry a `:group` suffix. */
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]+(:\d+)?$/;
const U256 = /^\d+$/;
const ATTO_PER_ALPH = 10n ** 18n;

function hashOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/** `Amount.Hint` ("x.x ALPH"), e.g. "1 ALPH", "0.5 ALPH", "999998.9900634 ALPH". */
function alphHint(atto: string): string {
  const value = BigInt(atto);
  const whole = value / ATTO_PER_ALPH;
  const fraction = (value % ATTO_PER_ALPH).toString().padStart(18, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} ALPH`;
}

/**
 * `GET /transactions/details/{txId}` answers the OpenAPI `Transaction` schema:
 * `{ unsigned: UnsignedTx, scriptExecutionOk, contractInputs, generatedOutputs, inputSignatures, scriptSignatures }`,
 * where `UnsignedTx` is `{ txId, version, networkId, scriptOpt?, gasAmount, gasPrice, inputs: AssetInput[],
 * fixedOutputs: FixedAssetOutput[] }` and a `FixedAssetOutput` is
 * `{ hint, key, attoAlphAmount, address, tokens, lockTime, message }`.
 */
function transactionJson(tx: StoredTx): Record<string, unknown> {
  const input = hashOf('input', tx.txId);
  return {
    unsigned: {
      txId: tx.txId,
      version: 0,
      networkId: 0,
      gasAmount: 20000,
      gasPrice: '100000000000',
      inputs: [
        {
          outputRef: { hint: Number.parseInt(input.slice(0, 8), 16) | 0, key: input },
          unlockScript: `00${hashOf('pubkey', tx.txId)}ff`,
        },
      ],
      fixedOutputs: tx.outputs.map((output, index) => {
        const key = hashOf('output', tx.txId, String(index));
        return {
          hint: Number.parseInt(hashOf('hint', output.address).slice(0, 8), 16) | 0,
          key,
          attoAlphAmount: output.attoAlphAmount,
          address: output.address,
          tokens: [],
          lockTime: 0,
          message: '',
        };
      }),
    },
    scriptExecutionOk: true,
    contractInputs: [],
    generatedOutputs: [],
    inputSignatures: [hashOf('sig-r', tx.txId) + hashOf('sig-s', tx.txId)],
    scriptSignatures: [],
  };
}

interface Reply {
  status: number;
  body: unknown;
}

const json = (status: number, body: unknown): Reply => ({ status, body });
/** Tapir's decode-failure answer of the node: 400 `BadRequest` = `{ detail }`. */
const badRequest = (detail: string): Reply => json(400, { detail });
const notFound = (method: string, path: string): Reply =>
  json(404, { detail: `${method} ${path} not found` });

export async function startAlephiumStandin(): Promise<AlephiumStandin> {
  const requests: AlephiumStandin['requests'] = [];
  const txs = new Map<string, StoredTx>();
  const balances = new Map<string, string>();

  const answer = (req: ReceivedRequest): Reply => {
    const url = new URL(req.path, 'http://node');
    const path = url.pathname;

    if (req.method !== 'GET') return notFound(req.method, path);

    // GET /transactions/status?txId=&fromGroup=&toGroup= -> TxStatus, always 200:
    // `Confirmed` { type, blockHash, txIndex, chainConfirmations, fromGroupConfirmations, toGroupConfirmations },
    // `MemPooled` { type }, `TxNotFound` { type } (the discriminator is the `type` field).
    if (path === '/transactions/status') {
      const txId = url.searchParams.get('txId');
      if (txId === null) return badRequest('Invalid value for: query parameter txId (missing)');
      if (!HASH.test(txId)) {
        return badRequest(`Invalid value for: query parameter txId (cannot decode ${txId})`);
      }
      const tx = txs.get(txId.toLowerCase());
      if (!tx) return json(200, { type: 'TxNotFound' });
      if (tx.confirmations === undefined) return json(200, { type: 'MemPooled' });
      return json(200, {
        type: tx.conflicted ? 'Conflicted' : 'Confirmed',
        blockHash: tx.blockHash,
        txIndex: 0,
        chainConfirmations: tx.confirmations,
        fromGroupConfirmations: tx.confirmations,
        toGroupConfirmations: tx.confirmations,
      });
    }

    // GET /transactions/details/{txId} -> Transaction. The node only searches blocks
    // (ServerUtils.getTransaction -> blockFlow.searchTransaction), so an unknown *or mempool* tx is
    // 404 `NotFound` = { resource, detail: "<resource> not found" } with resource "Transaction <txId>".
    const details = /^\/transactions\/details\/([^/]+)$/.exec(path);
    if (details) {
      const txId = decodeURIComponent(details[1] ?? '');
      if (!HASH.test(txId)) {
        return badRequest(`Invalid value for: path parameter txId (cannot decode ${txId})`);
      }
      const tx = txs.get(txId.toLowerCase());
      if (!tx || tx.confirmations === undefined) {
        const resource = `Transaction ${txId.toLowerCase()}`;
        return json(404, { resource, detail: `${resource} not found` });
      }
      return json(200, transactionJson(tx));
    }

    // GET /addresses/{address}/balance -> Balance
    // { balance, balanceHint, lockedBalance, lockedBalanceHint, tokenBalances?, lockedTokenBalances?, utxoNum }
    // (amounts are U256 decimal strings in atto; hints are "x.x ALPH"; token fields omitted when empty).
    const balance = /^\/addresses\/([^/]+)\/balance$/.exec(path);
    if (balance) {
      const address = decodeURIComponent(balance[1] ?? '');
      if (!ADDRESS.test(address)) {
        return badRequest(
          `Invalid value for: path parameter address (Unable to decode address from ${address})`,
        );
      }
      const atto = balances.get(address) ?? '0';
      return json(200, {
        balance: atto,
        balanceHint: alphHint(atto),
        lockedBalance: '0',
        lockedBalanceHint: alphHint('0'),
        utxoNum: atto === '0' ? 0 : 1,
      });
    }

    return notFound(req.method, path);
  };
  const handle = (req: ReceivedRequest, res: ServerResponse): void => {
    const { status, body } = answer(req);
    sendJson(res, status, body);
  };

  const server = await listen(handle, (req) => {
    requests.push({ method: req.method, path: req.path });
  });

  const find = (txId: string): StoredTx => {
    const tx = txs.get(txId.toLowerCase());
    if (!tx) throw new Error(`alephium stand-in: unknown transaction ${txId}`);
    return tx;
  };
  const checkConfirmations = (confirmations: number): void => {
    if (!Number.isInteger(confirmations) || confirmations < 1) {
      throw new Error(`alephium stand-in: confirmations must be a positive integer`);
    }
  };

  return {
    baseUrl: server.baseUrl,
    requests,
    addTransaction({ txId, outputs, confirmations }) {
      if (!HASH.test(txId)) throw new Error(`alephium stand-in: txId must be 64 hex chars`);
      for (const output of outputs) {
        if (!U256.test(output.attoAlphAmount)) {
          throw new Error(`alephium stand-in: attoAlphAmount must be a decimal string`);
        }
      }
      if (confirmations !== undefined) checkConfirmations(confirmations);
      txs.set(txId.toLowerCase(), {
        txId: txId.toLowerCase(),
        outputs: outputs.map((o) => ({ ...o })),
        confirmations,
        blockHash: `0000${randomBytes(30).toString('hex')}`,
      });
    },
    confirm(txId, confirmations) {
      checkConfirmations(confirmations);
      find(txId).confirmations = confirmations;
    },
    conflict(txId) {
      const tx = find(txId);
      tx.conflicted = true;
      tx.confirmations ??= 1;
    },
    fault(match, fault, times) {
      const failure: Fault =
        fault === 'hang'
          ? { kind: 'hang' }
          : {
              kind: 'status',
              status: fault,
              body: { detail: fault === 500 ? 'Internal server error' : 'Service unavailable' },
            };
      server.fault(match, failure, times);
    },
    clearFaults: server.clearFaults,
    stop: server.stop,
    start: server.start,
    setBalance(address, attoAlph) {
      if (!U256.test(attoAlph))
        throw new Error(`alephium stand-in: attoAlph must be a decimal string`);
      balances.set(address, BigInt(attoAlph).toString());
    },
    close: server.close,
  };
}
