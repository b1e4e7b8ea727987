import { peersUrl } from './stack';

/** Drives the API's real peers started by the global setup (see api/src/test/peers-server.ts). */
async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${peersUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`peers ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface PeersConfig {
  rpcUrl: string;
  chainId: number;
  usdtAddress: string;
  evmMerchant: string;
  alphMerchant: string;
  paypalClientId: string;
}

export const peers = {
  config: () => control<PeersConfig>('/config'),
  /** The buyer approves this PayPal order (as in PayPal's own window). */
  approvePaypal: (orderId: string) => control('/paypal/approve', { orderId }),
  paypalOutcome: (orderId: string, outcome: 'COMPLETED' | 'PENDING' | 'DECLINED') =>
    control('/paypal/outcome', { orderId, outcome }),
  /** PayPal answers this order's captures 503 (down), or answers them again. */
  paypalUnavailable: (orderId: string, unavailable = true) =>
    control('/paypal/unavailable', { orderId, unavailable }),
  /** The refund requests PayPal received (capture, PayPal-Request-Id, body). */
  paypalRefunds: () =>
    control<{ captureId: string; requestId?: string; body: { amount?: { value: string } } }[]>(
      '/paypal/refunds',
    ),
  paypalRefundOutcome: (outcome: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED') =>
    control('/paypal/refund-outcome', { outcome }),
  addAlephiumTx: (tx: {
    txId: string;
    outputs: { address: string; attoAlphAmount: string }[];
    confirmations?: number;
  }) => control('/alephium/transactions', tx),
  setAlephiumBalance: (address: string, attoAlph: string) =>
    control('/alephium/balance', { address, attoAlph }),
  alephiumBalance: (address: string) =>
    control<{ balance: string }>(`/alephium/balance?address=${encodeURIComponent(address)}`),
  /** The SMTP server refuses `address` for good (550), or takes its mail again. */
  refuseMail: (address: string, refuse = true) => control('/mail/refuse', { address, refuse }),
  /** `drop`: the SMTP server reads each message, then cuts the connection without answering. */
  mailDataMode: (mode: 'accept' | 'drop') => control('/mail/data-mode', { mode }),
  /** The mail the SMTP server received for `to`, waiting up to `timeoutMs` for `count` of them. */
  async mail(to: string, count = 1, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await control<
        { to: string[]; subject: string; text: string; html: string; at: number }[]
      >(`/mail?to=${encodeURIComponent(to)}`);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
};
