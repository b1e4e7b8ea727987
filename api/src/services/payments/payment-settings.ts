import { USDT_DECIMALS } from '@studio/shared/crypto-units';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import type { Env } from '../../env.ts';

/**
 * Which methods can take money, from the settings alone: a method with a missing setting is
 * disabled (shown to visitors as unavailable), never faked.
 */
export function paymentSettings(env: Env) {
  const paypal = Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);
  const usdt = Boolean(
    env.EVM_RPC_URL && env.EVM_CHAIN_ID && env.USDT_CONTRACT && env.MERCHANT_EVM_ADDRESS,
  );
  const alephium = Boolean(env.ALPH_NODE_URL && env.ALPH_MERCHANT_ADDRESS);
  return {
    paypal: paypal
      ? { enabled: true as const, clientId: env.PAYPAL_CLIENT_ID ?? '', currency: 'USD' }
      : { enabled: false as const },
    usdt: usdt
      ? {
          enabled: true as const,
          chainId: env.EVM_CHAIN_ID ?? 0,
          contract: env.USDT_CONTRACT ?? '',
          decimals: USDT_DECIMALS,
          merchantAddress: env.MERCHANT_EVM_ADDRESS ?? '',
          confirmations: env.EVM_CONFIRMATIONS,
        }
      : { enabled: false as const },
    alephium: alephium
      ? {
          enabled: true as const,
          merchantAddress: env.ALPH_MERCHANT_ADDRESS ?? '',
          usdPerAlph: env.ALPH_USD_RATE,
          confirmations: env.ALPH_CONFIRMATIONS,
          nodeUrl: env.ALPH_NODE_URL ?? '',
        }
      : { enabled: false as const },
  };
}

export type PaymentSettings = ReturnType<typeof paymentSettings>;

export function isEnabled(env: Env, method: PaymentMethod): boolean {
  return paymentSettings(env)[method].enabled;
}

/** A quote is valid this long; the transfer must be made within it. */
export const QUOTE_TTL_MS = 15 * 60 * 1000;
