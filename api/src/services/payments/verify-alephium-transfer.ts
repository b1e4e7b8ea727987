import { messages } from '@studio/shared/messages';
import type { Env } from '../../env.ts';
import { ALPH_TAG_MODULUS, carriesTag } from './amounts-due.ts';
import type { Verdict } from './verdict.ts';

const m = messages.payments;

interface TxStatus {
  type: 'Confirmed' | 'MemPooled' | 'TxNotFound';
  chainConfirmations?: number;
  fromGroupConfirmations?: number;
  toGroupConfirmations?: number;
}

interface TxOutput {
  address?: string;
  attoAlphAmount?: string;
}

async function node<T>(base: string, path: string): Promise<{ status: number; body: T | null }> {
  const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(15_000) });
  const body = (await res.json().catch(() => null)) as T | null;
  return { status: res.status, body };
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
 * ALPH_CONFIRMATIONS, and its outputs to ALPH_MERCHANT_ADDRESS sum to at least `due` atto.
 */
export async function verifyAlephiumTransfer({
  env,
  txId,
  due,
}: {
  env: Pick<Env, 'ALPH_NODE_URL' | 'ALPH_MERCHANT_ADDRESS' | 'ALPH_CONFIRMATIONS'>;
  txId: string;
  due: bigint;
}): Promise<Verdict> {
  const detail: Record<string, unknown> = { txId };
  if (!/^[0-9a-fA-F]{64}$/.test(txId)) return { state: 'unknown', detail };
  const base = env.ALPH_NODE_URL ?? '';
  const status = await node<TxStatus>(base, `/transactions/status?txId=${txId}`);
  if (status.status >= 500 || !status.body)
    throw new Error(`Alephium node answered ${status.status}`);
  if (status.body.type === 'TxNotFound') return { state: 'unknown', detail };

  const details = await node<Record<string, unknown>>(base, `/transactions/details/${txId}`);
  if (details.status >= 500 || (details.status !== 404 && details.status >= 400)) {
    throw new Error(`Alephium node answered ${details.status} for the transaction details`);
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
