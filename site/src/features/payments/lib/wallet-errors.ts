import { paymentMessages } from '@studio/shared/messages/payments';

/**
 * A wallet or chain error as a sentence a buyer can act on. Wallets answer with EIP-1193 codes
 * (4001 rejected, 4100 unauthorized, 4200 unsupported, 4900/4901 disconnected), ethers wraps them
 * in its own codes (ACTION_REJECTED, INSUFFICIENT_FUNDS, NONCE_EXPIRED, REPLACEMENT_UNDERPRICED),
 * and nodes put the reason in the message text.
 */
export function walletErrorMessage(error: unknown): string {
  const e = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    shortMessage?: unknown;
    reason?: unknown;
    info?: { error?: { code?: unknown; message?: unknown } };
    error?: { code?: unknown; message?: unknown };
  };
  const code = e.info?.error?.code ?? e.error?.code ?? e.code;
  const text = [e.shortMessage, e.reason, e.message, e.info?.error?.message, e.error?.message]
    .filter((v): v is string => typeof v === 'string')
    .join(' ')
    .toLowerCase();

  if (code === 4001 || code === 'ACTION_REJECTED' || text.includes('user rejected'))
    return 'You rejected the request in your wallet.';
  if (code === 4100) return 'Your wallet has not authorized this site. Connect your wallet again.';
  if (code === 4200) return 'Your wallet does not support this request.';
  if (code === 4900 || code === 4901)
    return 'Your wallet is not connected to the network. Check its connection and try again.';
  if (code === 4902) return 'Your wallet does not know this network. Add it in your wallet first.';
  if (code === 'INSUFFICIENT_FUNDS' || text.includes('insufficient funds'))
    return 'Insufficient funds to pay the network fee.';
  if (code === 'NONCE_EXPIRED' || text.includes('nonce too low'))
    return 'Nonce too low: a transaction from this account was already sent. Reset your wallet account activity and try again.';
  if (code === 'REPLACEMENT_UNDERPRICED' || text.includes('underpriced'))
    return 'Replacement transaction underpriced: a pending transaction blocks this one. Wait for it or speed it up in your wallet.';
  if (code === -32002 || text.includes('already pending'))
    return 'Your wallet already has a request waiting. Open your wallet to answer it.';
  const shown = [e.reason, e.shortMessage, e.message].find(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  return shown ?? paymentMessages.failed;
}
