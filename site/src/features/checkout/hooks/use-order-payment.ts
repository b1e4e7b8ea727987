import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { useCart } from '../../cart/hooks/use-cart';
import { useConfirmOrderPayment } from '../api/confirm-order-payment';

/** What a payment method hands back (the payments feature's PaymentResult, structurally). */
export interface OrderPaymentResult {
  method: PaymentMethod;
  transactionId: string;
  payerId?: string;
}

const LEAVE_WHILE_PAYING = 'Your payment is still being processed. Leave this page anyway?';

/**
 * What the checkout gives the payment component for an order. PayPal goes on to the success
 * page, which captures (the spec's return URL); a USDT or Alephium transfer is confirmed here,
 * then the cart is emptied and the order opens. While a payment is under way, leaving the page
 * asks first.
 */
export function useOrderPayment(orderId: string) {
  const navigate = useNavigate();
  const { clear } = useCart();
  const { mutateAsync: confirm } = useConfirmOrderPayment();
  const processing = useRef(false);

  useBlocker({
    shouldBlockFn: () => processing.current && !window.confirm(LEAVE_WHILE_PAYING),
    enableBeforeUnload: () => processing.current,
  });

  const onProcessingChange = useCallback((value: boolean) => {
    processing.current = value;
  }, []);

  const onConfirm = useCallback(
    async ({ method, transactionId, payerId }: OrderPaymentResult) => {
      if (method === 'paypal') {
        await navigate({
          to: '/checkout/success',
          search: { paymentId: transactionId, PayerID: payerId, orderId },
          ignoreBlocker: true,
        });
        return;
      }
      // A failure throws the server's reason (an ApiError), which the payment panel shows.
      const answer = await confirm({ orderId, paymentMethod: method, transactionId });
      clear();
      if (answer.status === 'confirmed') toast.success(paymentMessages.completed);
      // 202: the transfer is there but still gathering confirmations; say so, not "completed".
      else toast.info(paymentMessages.pending);
      await navigate({ to: '/orders/$id', params: { id: orderId }, ignoreBlocker: true });
    },
    [navigate, confirm, clear, orderId],
  );

  return { onConfirm, onProcessingChange };
}
