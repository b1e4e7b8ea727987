import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Payment } from './load-payment.ts';
import type { Verdict } from './verdict.ts';
import { verifyAlephiumTransfer } from './verify-alephium-transfer.ts';
import { verifyPaypalOrder } from './verify-paypal-order.ts';
import { verifyUsdtTransfer } from './verify-usdt-transfer.ts';

/**
 * Asks the payment's provider or chain about `reference` (a PayPal order, a tx hash or id).
 * PayPal only: `capture` false only reads the order; `captureKey` is the capture's
 * PayPal-Request-Id (paypalCaptureKey). Throws PeerUnavailableError when it cannot ask now.
 */
export function verifyPayment({
  env,
  log,
  payment,
  reference,
  capture,
  captureKey,
}: {
  env: Env;
  log: Logger;
  payment: Payment;
  reference: string;
  capture?: boolean;
  captureKey?: string;
}): Promise<Verdict> {
  const due = BigInt(payment.amountBaseUnits ?? '0');
  switch (payment.method) {
    case 'paypal':
      return verifyPaypalOrder({
        env,
        log,
        payment: { ...payment, providerReference: reference },
        ...(capture === undefined ? {} : { capture }),
        ...(captureKey === undefined ? {} : { captureKey }),
      });
    case 'usdt':
      return verifyUsdtTransfer({
        env,
        txHash: reference,
        due,
        quotedAt: payment.createdAt,
        expiresAt: payment.quoteExpiresAt ?? payment.createdAt,
      });
    case 'alephium':
      return verifyAlephiumTransfer({ env, txId: reference, due });
  }
}
