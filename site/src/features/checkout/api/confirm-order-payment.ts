import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export interface OrderPaymentConfirmInput {
  orderId: string;
  paymentMethod: Exclude<PaymentMethod, 'paypal'>;
  /** The EVM transaction hash or Alephium transaction id. */
  transactionId: string;
}

/**
 * POST /api/orders/:id/payment-confirm for a USDT or Alephium transfer: 200 when confirmed,
 * 202 while it waits for confirmations (`status: 'pending'`), else the server's reason.
 */
export async function confirmOrderPayment({
  orderId,
  paymentMethod,
  transactionId,
}: OrderPaymentConfirmInput) {
  return unwrap(
    api.orders[':id']['payment-confirm'].$post({
      param: { id: orderId },
      json: { paymentMethod, transactionId },
    }),
    paymentMessages.cryptoVerificationFailed,
  );
}

export function useConfirmOrderPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmOrderPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
