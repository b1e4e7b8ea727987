import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import type { RefundStatus } from '@studio/shared/schemas/refunds';
import { IconReceiptRefund } from '@tabler/icons-react';
import { formatOrderDateTime } from '../../../orders/order-display';
import { type RefundSubject, useCreateRefund } from '../api/create-refund';
import { METHOD_NAMES, type RefundSummary } from './refund-modal';

const STATUS: Record<RefundStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

type Refund = RefundSummary['refunds'][number];

/** "Partially refunded: $x of $y" or "Refunded", beside the status badge. */
export function RefundedBadge({ summary }: { summary: RefundSummary | undefined }) {
  if (!summary?.label) return null;
  return (
    <Badge color="violet" variant="light" tt="none">
      {summary.label}
    </Badge>
  );
}

function RefundRow({ refund, subject }: { refund: Refund; subject: RefundSubject }) {
  const again = useCreateRefund(subject);
  const who = refund.actor ? `by ${refund.actor.name}` : 'in PayPal';
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>{refund.amount}</Text>
          <Badge color={STATUS[refund.status].color} variant="light" size="sm">
            {STATUS[refund.status].label}
          </Badge>
          <Text size="sm" c="dimmed">
            {METHOD_NAMES[refund.method]}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {`${formatOrderDateTime(refund.createdAt)} · ${who}`}
        </Text>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {refund.reason}
      </Text>
      {refund.restock.length > 0 && (
        <Text size="sm" c="dimmed">
          {`Returned to stock: ${refund.restock.map((l) => `${l.quantity} × ${l.name}`).join(', ')}`}
        </Text>
      )}
      {(refund.txHash ?? refund.providerRefundId) && (
        <Text size="xs" c="dimmed" mt={4}>
          {refund.txHash ? 'Transaction ' : 'PayPal refund '}
          <Code style={{ wordBreak: 'break-all' }}>{refund.txHash ?? refund.providerRefundId}</Code>
        </Text>
      )}
      {refund.status === 'failed' && refund.failureReason && (
        <Text size="sm" c="red.4" mt={4}>
          {refund.failureReason}
        </Text>
      )}
      {refund.status === 'pending' && (
        <Group gap="xs" mt={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            {refund.providerRefundId
              ? 'PayPal is processing it; it completes when PayPal confirms it.'
              : 'Not confirmed by PayPal yet; it is sent again automatically.'}
          </Text>
          {!refund.providerRefundId && refund.requestId && (
            <Button
              size="compact-sm"
              variant="light"
              loading={again.isPending}
              onClick={() =>
                again.mutate({
                  amountCents: refund.amountCents,
                  reason: refund.reason,
                  requestId: refund.requestId ?? '',
                })
              }
            >
              Send again
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}

/**
 * An order's or a submission's refunds (decision 035): what was paid and refunded, each refund
 * with its state, and the Refund button while something is left to refund.
 */
export function RefundsPanel({
  subject,
  summary,
  onRefund,
}: {
  subject: RefundSubject;
  summary: RefundSummary;
  onRefund: () => void;
}) {
  if (summary.paymentId === null && summary.refunds.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Refunds">
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Title order={3} size="h5">
          Refunds
        </Title>
        {summary.refundableCents > 0 && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReceiptRefund size={16} aria-hidden />}
            onClick={onRefund}
          >
            Refund
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb={summary.refunds.length ? 'xs' : 0}>
        {summary.refundedCents > 0 || summary.pendingCents > 0
          ? `${summary.refunded} of ${summary.paid} refunded${
              summary.pendingCents > 0 ? `, ${formatUsd(summary.pendingCents)} pending` : ''
            }; ${summary.refundable} left to refund.`
          : `Nothing refunded of ${summary.paid}.`}
      </Text>
      {summary.refunds.length > 0 && (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {[...summary.refunds].reverse().map((refund) => (
            <RefundRow key={refund.id} refund={refund} subject={subject} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
