import { Alert, Button, Code, Text } from '@mantine/core';
import { paymentMessages } from '@studio/shared/messages/payments';
import { IconAlertCircle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';

/**
 * Where a payment is: spec 4's idle, processing, submitted, confirmed or failed; or
 * `unavailable`: the provider or chain could not be asked just now (503), the payment stays open
 * and is checked again by the server, and `retry` asks again about the same payment.
 */
export type PayStage =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'submitted'; txId: string }
  | { kind: 'confirming'; txId?: string | undefined }
  | { kind: 'done'; txId?: string | undefined }
  | { kind: 'failed'; message: string; txId?: string | undefined }
  | { kind: 'unavailable'; message: string; txId?: string | undefined; retry: () => void };

function TxId({ txId }: { txId?: string | undefined }) {
  if (!txId) return null;
  return (
    <Text size="xs" mt={4} style={{ wordBreak: 'break-all' }}>
      Transaction: <Code data-testid="tx-id">{txId}</Code>
    </Text>
  );
}

/** The panel's live status line, announced to screen readers. */
export function PaymentStatus({ stage }: { stage: PayStage }) {
  switch (stage.kind) {
    case 'idle':
      return null;
    case 'processing':
      return (
        <Text size="sm" c="dimmed" role="status">
          Confirm the payment in your wallet...
        </Text>
      );
    case 'submitted':
      return (
        <Alert color="blue" icon={<IconClockHour4 aria-hidden />} role="status">
          {paymentMessages.submitted}
          <TxId txId={stage.txId} />
        </Alert>
      );
    case 'confirming':
      return (
        <Alert color="blue" icon={<IconClockHour4 aria-hidden />} role="status">
          Verifying your payment...
          <TxId txId={stage.txId} />
        </Alert>
      );
    case 'done':
      return (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
          {paymentMessages.completed}
          <TxId txId={stage.txId} />
        </Alert>
      );
    case 'unavailable':
      return (
        <Alert color="yellow" icon={<IconClockHour4 aria-hidden />} role="status">
          {stage.message}
          <TxId txId={stage.txId} />
          <Button size="xs" variant="light" mt="xs" onClick={stage.retry}>
            Try again
          </Button>
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {stage.message}
          <TxId txId={stage.txId} />
        </Alert>
      );
  }
}
