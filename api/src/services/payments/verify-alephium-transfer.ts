import { paymentMessages } from '@studio/shared/messages/payments';
import type { Env } from '../../env.ts';
import { ALPH_TAG_MODULUS, carriesTag } from './amounts-due.ts';
import { callPeer } from './call-peer.ts';
import { PeerUnavailableError } from './peer-unavailable-error.ts';
import type { Verdict } from './verdict.ts';

const m = paymentMessages;

/**
 * The node's `TxStatus` (`GET /transactions/status`): `Confirmed`, `MemPooled`, `TxNotFound`, and
 * since the Danube upgrade `Conflicted` (in a block, but its inputs were spent by another
 * transaction: it will never count), which carries the same fields as `Confirmed`.
 */
interface TxStatus {
  type: 'Confirmed' | 'Conflicted' | 'MemPooled' | 'TxNotFound';
  chainConfirmations?: number;
  fromGroupConfirmations?: number;
  toGroupConfirmations?: number;
}

interface TxOutput {
  address?: string;
  attoAlphAmount?: string;
}

/**
 * One GET to the node, limited to `timeoutMs` and tried twice; a node that refuses, hangs or
 * answers 5xx (its `InternalServerError`/`ServiceUnavailable`) throws PeerUnavailableError.
 */
function node<T>(
  base: string,
  path: string,
  timeoutMs: number,
): Promise<{ status: number; body: T | null }> {
  return callPeer('alephium', timeoutMs, async (signal) => {
    const res = await fetch(`${base}${path}`, { signal });
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel();
      throw new PeerUnavailableError('alephium', `${path.split('?')[0]} answered ${res.status}`);
    }
    const text = await res.text();
    let body: T | null = null;
    try {
      body = JSON.parse(text) as T;
    } catch {
      // not JSON: no body
    }
    return { status: res.status, body };
  });
}

/** Outputs of a transaction, wherever the node lists them (fixed and generated outputs). */
function outputsOf(details: Record<string, unknown>): TxOutput[] {
  const unsigned = (details.unsigned ?? {}) as { fixedOutputs?: TxOutput[] };
  return [
    ...(unsigned.fixedOutputs ?? []),
    ...((details.generatedOutputs as TxOutput[] | undefined) ?? []),
  ];
}

/**
 * Checks an Alephium transfer through the full node's REST API: confirmed with
 * ALPH_CONFIRMATIONS, and its outputs to ALPH_MERCHANT_ADDRESS sum to at least `due` atto. A
 * `Conflicted` transaction fails for good.
 */
export async function verifyAlephiumTransfer({
  env,
  txId,
  due,
}: {
  env: Pick<
    Env,
    'ALPH_NODE_URL' | 'ALPH_MERCHANT_ADDRESS' | 'ALPH_CONFIRMATIONS' | 'PAYMENT_PROVIDER_TIMEOUT_MS'
  >;
  txId: string;
  due: bigint;
}): Promise<Verdict> {
  const detail: Record<string, unknown> = { txId };
  if (!/^[0-9a-fA-F]{64}$/.test(txId)) return { state: 'unknown', detail };
  const base = env.ALPH_NODE_URL ?? '';
  const timeout = env.PAYMENT_PROVIDER_TIMEOUT_MS;
  const status = await node<TxStatus>(base, `/transactions/status?txId=${txId}`, timeout);
  if (!status.body || status.status >= 400) {
    throw new PeerUnavailableError('alephium', `status answered ${status.status}`);
  }
  if (status.body.type === 'TxNotFound') return { state: 'unknown', detail };
  if (status.body.type === 'Conflicted') {
    detail.blockHash = (status.body as { blockHash?: string }).blockHash;
    return { state: 'failed', reason: 'conflicted', message: m.conflicted, detail };
  }

  const details = await node<Record<string, unknown>>(
    base,
    `/transactions/details/${txId}`,
    timeout,
  );
  if (details.status !== 404 && details.status >= 400) {
    throw new PeerUnavailableError('alephium', `details answered ${details.status}`);
  }
  if (details.status === 404 || !details.body) {
    // Mempool transactions may have no details yet.
    return status.body.type === 'MemPooled'
      ? { state: 'pending', detail }
      : { state: 'unknown', detail };
  }
  const merchant = env.ALPH_MERCHANT_ADDRESS ?? '';
  const paid = outputsOf(details.body)
    .filter((o) => o.address === merchant)
    .reduce((sum, o) => sum + BigInt(o.attoAlphAmount ?? '0'), 0n);
  detail.paidAtto = paid.toString();
  if (paid === 0n)
    return { state: 'failed', reason: 'wrong-recipient', message: m.wrongRecipient, detail };
  if (paid < due) return { state: 'failed', reason: 'underpaid', message: m.underpaid, detail };
  // The quote's tag is in the lowest digits: another quote's transfer does not carry it.
  if (!carriesTag(paid, due, ALPH_TAG_MODULUS)) {
    return { state: 'failed', reason: 'untagged', message: m.wrongAmount, detail };
  }
  if (status.body.type !== 'Confirmed') return { state: 'pending', detail };
  const confirmations = Math.min(
    status.body.chainConfirmations ?? 0,
    status.body.fromGroupConfirmations ?? Number.POSITIVE_INFINITY,
    status.body.toGroupConfirmations ?? Number.POSITIVE_INFINITY,
  );
  detail.confirmations = confirmations;
  if (confirmations < env.ALPH_CONFIRMATIONS) return { state: 'pending', detail };
  return { state: 'confirmed', externalId: `alph:${txId.toLowerCase()}`, detail };
}
