import { Alert, Loader, Stack, Text } from '@mantine/core';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { paymentMessages } from '@studio/shared/messages/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { createPaypalOrder } from '../api/create-paypal-order';
import type { PanelProps, PaymentResult, PayStage } from '../types';
import { PaymentStatus } from './payment-status';

const m = paymentMessages;

function Buttons({
  subject,
  onConfirm,
  onProcessingChange,
}: Omit<PanelProps, 'active' | 'config'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [stage, setStage] = useState<PayStage>({ kind: 'idle' });
  const warned = useRef(false);

  useEffect(() => {
    if (isRejected && !warned.current) {
      warned.current = true;
      toast.error(m.paypalLoadFailed);
    }
  }, [isRejected]);

  /**
   * Confirms an approved order. A decline (INSTRUMENT_DECLINED) is PayPal's restart: the buyer
   * picks another funding source for the same order. A 503 (or no answer) is no failure: the
   * order stays open, the server checks it again, and "Try again" confirms the same order (never
   * a new one, which could be charged a second time).
   */
  const confirm = async (result: PaymentResult, restart?: () => void) => {
    onProcessingChange?.(true);
    setStage({ kind: 'confirming' });
    try {
      await onConfirm(result);
      setStage({ kind: 'done' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.message === m.declined) {
        if (restart) {
          setStage({ kind: 'idle' });
          toast.info(m.declined);
          restart();
          return;
        }
      }
      if (error instanceof ApiError && (error.status === 503 || error.status === 0)) {
        const message = error.status === 503 ? error.message : m.peerUnavailable;
        setStage({ kind: 'unavailable', message, retry: () => void confirm(result) });
        toast.info(message);
        return;
      }
      setStage({
        kind: 'failed',
        message: error instanceof Error ? error.message : m.paypalVerificationFailed,
      });
      toast.error(m.paypalVerificationFailed);
    } finally {
      onProcessingChange?.(false);
    }
  };

  if (isRejected) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {m.paypalLoadFailed}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {isPending && <Loader size="sm" aria-label="Loading PayPal" />}
      <PayPalButtons
        style={{ layout: 'vertical', color: 'gold', shape: 'rect', label: 'pay' }}
        disabled={
          stage.kind === 'confirming' || stage.kind === 'done' || stage.kind === 'unavailable'
        }
        createOrder={async () => {
          try {
            return await createPaypalOrder(subject);
          } catch (error) {
            toast.error(error instanceof Error ? error.message : m.paypalFailed);
            throw error;
          }
        }}
        onApprove={(data, actions) =>
          confirm(
            {
              method: 'paypal',
              transactionId: data.orderID,
              ...(data.payerID ? { payerId: data.payerID } : {}),
            },
            typeof actions?.restart === 'function' ? () => actions.restart() : undefined,
          )
        }
        onCancel={() => {
          toast.info(m.paypalCancelled);
        }}
        onError={(error) => {
          console.error('PayPal error', error);
          setStage({ kind: 'failed', message: m.paypalFailed });
          toast.error(m.paypalFailed);
        }}
      />
      <PaymentStatus stage={stage} />
    </Stack>
  );
}

/** PayPal (spec 4): the SDK in USD; the server creates and captures the order. */
export function PaypalPanel({ config, ...props }: PanelProps) {
  if (!config.paypal.enabled) return null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Pay with your PayPal account or a card. You will confirm the payment in PayPal's window.
      </Text>
      <PayPalScriptProvider
        options={{
          clientId: config.paypal.clientId,
          currency: 'USD',
          intent: 'capture',
          components: 'buttons',
        }}
      >
        <Buttons {...props} />
      </PayPalScriptProvider>
    </Stack>
  );
}
