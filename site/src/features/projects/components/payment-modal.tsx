import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ProjectPayment } from './project-payment';

export interface PaymentModalProps {
  /** The submission to pay; null keeps the modal closed. */
  submissionId: string | null;
  customer?: { name: string; email: string };
  /** Closed: paid, or cancelled (the submission stays saved and unpaid). */
  onClose(): void;
}

/** The pay-later page for a submission; a wallet network change reloads there. */
export const payLaterPath = (submissionId: string, method?: string) =>
  `/projects/${submissionId}/pay${method ? `?method=${method}` : ''}`;

/**
 * 'Complete Your Payment' (spec 2 and 4). The close button, the backdrop and Escape ask
 * 'Cancel Payment?' first; the close button is disabled while a payment is processing.
 */
export function PaymentModal({ submissionId, customer, onClose }: PaymentModalProps) {
  const [processing, setProcessing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const askToCancel = () => {
    if (!processing) setConfirming(true);
  };

  return (
    <>
      <Modal
        opened={submissionId !== null}
        onClose={askToCancel}
        title="Complete Your Payment"
        size="md"
        centered
        closeButtonProps={{ 'aria-label': 'Close', disabled: processing }}
      >
        {submissionId && (
          <ProjectPayment
            submissionId={submissionId}
            {...(customer ? { customer } : {})}
            onProcessingChange={setProcessing}
            onPaid={() => {
              setProcessing(false);
              onClose();
            }}
            // Spec 4 reloads on a network change: reload to the page that pays this submission.
            onChainChanged={() => window.location.assign(payLaterPath(submissionId, 'usdt'))}
          />
        )}
      </Modal>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel Payment?"
        size="sm"
        centered
        zIndex={300}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Your project is saved. If you cancel now it stays unpaid; you can pay later from the
            link in your confirmation e-mail.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Continue Payment
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false);
                onClose();
              }}
            >
              Cancel Payment
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
