import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { walletErrorMessage } from '../lib/wallet-errors';
import type { PaymentMethodsProps, PayStage } from '../types';

const m = paymentMessages;

/** A wallet's message as the buyer should read it: ours as written, the wallet's translated. */
export function walletReason(error: unknown): string {
  return error instanceof Error && !('code' in error) ? error.message : walletErrorMessage(error);
}

/** Connecting a wallet: the spec's toasts, and the reason kept for the panel to show. */
export function useWalletConnect(connect: () => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      await connect();
      toast.success(m.walletConnected);
    } catch (caught) {
      setError(walletReason(caught));
      toast.error(m.connectFailed);
    }
  };
  return { error, run };
}

/**
 * One crypto payment (spec 4): processing, the wallet's transfer (`send`, which may report
 * 'submitted' itself and answers the transaction id), then the server's confirmation through
 * `onConfirm`, with the spec's toasts at each failure.
 */
export function useCryptoPayment({
  method,
  onConfirm,
  onProcessingChange,
  balanceKey,
}: Pick<PaymentMethodsProps, 'onConfirm' | 'onProcessingChange'> & {
  method: Exclude<PaymentMethod, 'paypal'>;
  /** The wallet balance query to refresh afterwards. */
  balanceKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PayStage>({ kind: 'idle' });

  const pay = async (send: (submitted: (txId: string) => void) => Promise<string | undefined>) => {
    onProcessingChange?.(true);
    setStage({ kind: 'processing' });
    let txId: string | undefined;
    try {
      txId = await send((id) => {
        txId = id;
        setStage({ kind: 'submitted', txId: id });
        toast.info(m.submitted);
      });
      if (!txId) throw new Error(m.transactionFailed);
    } catch (error) {
      const reason = walletReason(error);
      setStage({ kind: 'failed', message: reason, txId });
      toast.error(m.cryptoFailed(reason));
      onProcessingChange?.(false);
      return;
    }
    await confirm(txId);
  };

  /**
   * The server's check of a sent transfer. A 503 (or no answer) is no failure: the transfer is
   * kept, the server checks it again by itself, and "Try again" asks about the same transfer.
   */
  const confirm = async (txId: string) => {
    onProcessingChange?.(true);
    setStage({ kind: 'confirming', txId });
    try {
      await onConfirm({ method, transactionId: txId });
      setStage({ kind: 'done', txId });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 503 || error.status === 0)) {
        const message = error.status === 503 ? error.message : m.peerUnavailable;
        setStage({ kind: 'unavailable', message, txId, retry: () => void confirm(txId) });
        toast.info(message);
        return;
      }
      setStage({
        kind: 'failed',
        message: error instanceof Error ? error.message : m.cryptoVerificationFailed,
        txId,
      });
      toast.error(m.cryptoVerificationFailed);
    } finally {
      onProcessingChange?.(false);
      void queryClient.invalidateQueries({ queryKey: balanceKey });
    }
  };

  const busy =
    stage.kind === 'processing' || stage.kind === 'submitted' || stage.kind === 'confirming';
  return { stage, busy, pay };
}
