import { Alert, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { paymentMessages } from '@studio/shared/messages/payments';
import type { PaymentMethod } from '@studio/shared/schemas/payments';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { PaymentMethods } from '../../payments/components/payment-methods';
import type { PaymentResult } from '../../payments/types';
import { confirmProjectPayment } from '../api/confirm-project-payment';
import { projectPaymentQueryOptions, useProjectPayment } from '../api/get-project-payment';

const m = paymentMessages;

export interface ProjectPaymentProps {
  submissionId: string;
  /** Who submitted it, when known (the spec's customerInfo; the server does not rely on it). */
  customer?: { name: string; email: string };
  initialMethod?: PaymentMethod;
  /** The server confirmed the payment ('confirmed') or holds it for confirmations ('pending'). */
  onPaid?(status: 'confirmed' | 'pending'): void;
  onProcessingChange?(processing: boolean): void;
  onChainChanged?(): void;
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Paying a project submission: the service, its payment price, 7% tax and total as the server
 * states them, then the three methods. Used by the payment modal and the pay-later page.
 */
export function ProjectPayment({
  submissionId,
  customer,
  initialMethod,
  onPaid,
  onProcessingChange,
  onChainChanged,
}: ProjectPaymentProps) {
  const summary = useProjectPayment(submissionId);
  const queryClient = useQueryClient();

  if (summary.isPending) return <Loader size="sm" aria-label="Loading the payment" />;
  if (summary.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
        {summary.error.message}
      </Alert>
    );
  }
  const s = summary.data;

  const onConfirm = async ({ method, transactionId, payerId }: PaymentResult) => {
    const result = await confirmProjectPayment({
      submissionId,
      paymentMethod: method,
      transactionId,
      amount: (s.totalCents ?? 0) / 100,
      service: s.serviceTitle,
      ...(customer ? { customerInfo: customer } : {}),
      ...(method === 'paypal' ? { paymentDetails: { orderId: transactionId, payerId } } : {}),
    });
    if (result.status === 'confirmed') toast.success(m.completed);
    else toast.info(result.message);
    await queryClient.invalidateQueries(projectPaymentQueryOptions(submissionId));
    onPaid?.(result.status === 'confirmed' ? 'confirmed' : 'pending');
  };

  return (
    <Stack gap="md">
      <Stack gap={6} data-testid="payment-summary">
        <Line label="Service" value={s.serviceTitle} />
        {s.subtotal && <Line label="Price" value={s.subtotal} />}
        {s.tax && <Line label="Tax (7%)" value={s.tax} />}
        <Divider />
        {s.total && <Line label="Total" value={s.total} strong />}
      </Stack>
      {s.paid ? (
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} role="status">
          This project is paid. Thank you! We'll review it and get back to you within 24 hours.
        </Alert>
      ) : !s.payable ? (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {m.noPaymentPrice}. We'll send you a quote by e-mail.
        </Alert>
      ) : (
        <PaymentMethods
          subject={{ kind: 'submission', id: submissionId }}
          onConfirm={onConfirm}
          {...(initialMethod ? { initialMethod } : {})}
          {...(onProcessingChange ? { onProcessingChange } : {})}
          {...(onChainChanged ? { onChainChanged } : {})}
        />
      )}
    </Stack>
  );
}
