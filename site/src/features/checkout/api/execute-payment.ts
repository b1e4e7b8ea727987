import { orderMessages } from '@studio/shared/messages/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ApiError, unwrap } from '../../../lib/api-error';

export interface ExecutePaymentInput {
  /** PayPal's order id, as PayPal returns it in `paymentId`. */
  paymentId: string;
  payerId: string;
  orderId: string;
}

/**
 * POST /api/orders/execute-payment after PayPal sends the buyer back: the server captures and
 * verifies. 200 `{ success: true, order }`; 202 `{ success: false, status: 'pending', message,
 * order }` while PayPal holds the capture; 4xx `{ message }`.
 *
 * Spec 8's messages: the server's own; 'Payment execution failed' when it gave none; 'Payment
 * verification failed' when no answer came at all.
 */
export async function executePayment(input: ExecutePaymentInput) {
  try {
    return await unwrap(
      api.orders['execute-payment'].$post({ json: input }),
      orderMessages.executionFailed,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) {
      throw new ApiError(orderMessages.verificationFailed, 0);
    }
    throw error;
  }
}

export type ExecutePaymentResult = Awaited<ReturnType<typeof executePayment>>;

export function useExecutePayment({ paymentId, orderId }: { paymentId: string; orderId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orders', 'execute-payment', orderId, paymentId],
    mutationFn: executePayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
