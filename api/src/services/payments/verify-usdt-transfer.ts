import { paymentMessages } from '@studio/shared/messages/payments';
import { FetchRequest, getAddress, Interface, JsonRpcProvider } from 'ethers';
import type { Env } from '../../env.ts';
import { carriesTag, USDT_TAG_MODULUS } from './amounts-due.ts';
import { callPeer } from './call-peer.ts';
import { PeerUnavailableError } from './peer-unavailable-error.ts';
import type { Verdict } from './verdict.ts';

const erc20 = new Interface([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const TRANSFER_TOPIC = erc20.getEvent('Transfer')?.topicHash ?? '';
/** Clock skew allowed between the chain's block times and ours. */
const SKEW_SECONDS = 30;
const m = paymentMessages;

const providers = new Map<string, JsonRpcProvider>();
function providerFor(url: string, chainId: number, timeoutMs: number): JsonRpcProvider {
  const key = `${url}|${chainId}|${timeoutMs}`;
  let provider = providers.get(key);
  if (!provider) {
    // Each JSON-RPC request gets the payment peers' time limit (ethers' own is 5 minutes).
    const request = new FetchRequest(url);
    request.timeout = timeoutMs;
    // No request cache: a receipt polled right after a block is mined must not be a stale null.
    provider = new JsonRpcProvider(request, chainId, { staticNetwork: true, cacheTimeout: -1 });
    providers.set(key, provider);
  }
  return provider;
}

/**
 * Checks an ERC-20 USDT transfer on chain: the receipt succeeded; a Transfer log emitted by
 * USDT_CONTRACT to MERCHANT_EVM_ADDRESS carries at least `due`; its block is no older than the
 * quote and no later than its expiry; and it has EVM_CONFIRMATIONS confirmations. Each RPC call
 * is limited to PAYMENT_PROVIDER_TIMEOUT_MS and tried twice (reads only); an RPC endpoint that
 * refuses, hangs or answers 5xx throws PeerUnavailableError.
 */
export async function verifyUsdtTransfer({
  env,
  txHash,
  due,
  quotedAt,
  expiresAt,
}: {
  env: Pick<
    Env,
    | 'EVM_RPC_URL'
    | 'EVM_CHAIN_ID'
    | 'USDT_CONTRACT'
    | 'MERCHANT_EVM_ADDRESS'
    | 'EVM_CONFIRMATIONS'
    | 'PAYMENT_PROVIDER_TIMEOUT_MS'
  >;
  txHash: string;
  due: bigint;
  quotedAt: Date;
  expiresAt: Date;
}): Promise<Verdict> {
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { state: 'unknown', detail: { txHash } };
  const chainId = env.EVM_CHAIN_ID ?? 0;
  const provider = providerFor(env.EVM_RPC_URL ?? '', chainId, env.PAYMENT_PROVIDER_TIMEOUT_MS);
  const rpc = <T>(read: () => Promise<T>) => callPeer('evm', env.PAYMENT_PROVIDER_TIMEOUT_MS, read);
  const token = getAddress(env.USDT_CONTRACT ?? '');
  const merchant = getAddress(env.MERCHANT_EVM_ADDRESS ?? '');
  const detail: Record<string, unknown> = { txHash, chainId };

  const receipt = await rpc(() => provider.getTransactionReceipt(txHash));
  if (!receipt) {
    const tx = await rpc(() => provider.getTransaction(txHash));
    return tx
      ? { state: 'pending', detail: { ...detail, mined: false } }
      : { state: 'unknown', detail };
  }
  if (receipt.status !== 1) {
    return { state: 'failed', reason: 'reverted', message: m.transactionFailed, detail };
  }
  const transfers = receipt.logs
    .filter((log) => log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3)
    .map((log) => {
      const parsed = erc20.parseLog({ topics: [...log.topics], data: log.data });
      return {
        token: getAddress(log.address),
        to: getAddress(String(parsed?.args.to)),
        value: BigInt(parsed?.args.value ?? 0),
        index: log.index,
      };
    });
  const toMerchant = transfers.filter((t) => t.to === merchant);
  const inUsdt = toMerchant.filter((t) => t.token === token);
  if (inUsdt.length === 0) {
    return toMerchant.length > 0
      ? { state: 'failed', reason: 'wrong-token', message: m.wrongToken, detail }
      : { state: 'failed', reason: 'wrong-recipient', message: m.wrongRecipient, detail };
  }
  // The transfer for this quote carries its tag in the sub-cent digits.
  const tagged = inUsdt.filter((t) => carriesTag(t.value, due, USDT_TAG_MODULUS));
  const best = (tagged.length > 0 ? tagged : inUsdt).reduce((a, b) => (b.value > a.value ? b : a));
  detail.logIndex = best.index;
  detail.value = best.value.toString();
  if (best.value < due) {
    return { state: 'failed', reason: 'underpaid', message: m.underpaid, detail };
  }
  if (tagged.length === 0) {
    return { state: 'failed', reason: 'untagged', message: m.wrongAmount, detail };
  }
  const block = await rpc(() => provider.getBlock(receipt.blockNumber));
  // A node that lags may not have the block yet: try again later rather than judge.
  if (!block)
    throw new PeerUnavailableError('evm', `block ${receipt.blockNumber} not available yet`);
  const minedAt = block.timestamp * 1000;
  detail.minedAt = new Date(minedAt).toISOString();
  if (minedAt < quotedAt.getTime() - SKEW_SECONDS * 1000) {
    return { state: 'failed', reason: 'before-quote', message: m.transferTooEarly, detail };
  }
  if (minedAt > expiresAt.getTime() + SKEW_SECONDS * 1000) {
    return { state: 'failed', reason: 'expired', message: m.quoteExpired, detail };
  }
  const confirmations = (await rpc(() => provider.getBlockNumber())) - receipt.blockNumber + 1;
  detail.confirmations = confirmations;
  if (confirmations < env.EVM_CONFIRMATIONS) return { state: 'pending', detail };
  return {
    state: 'confirmed',
    externalId: `evm:${chainId}:${txHash.toLowerCase()}:${best.index}`,
    detail,
  };
}
