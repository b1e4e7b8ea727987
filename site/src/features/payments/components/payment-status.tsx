import { Alert, Button, Code, Text } from '@mantine/core';
import { paymentMessages } from '@studio/shared/messages/payments';
import { IconAlertCircle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import type { PayStage } from '../types';

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
