import { Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import type { AdminSubmissionPayment } from '../api/get-submission';
import { Field } from './detail-field';
import { PaymentStatusBadge } from './payment-badges';
import { formatCryptoAmount, formatLocalDateTime, METHOD_LABEL } from './submission-format';

/** One payment attempt: method, status, amounts, dates, transaction and its history. */
export function SubmissionPayment({ payment }: { payment: AdminSubmissionPayment }) {
  const crypto = formatCryptoAmount(payment.method, payment.amountBaseUnits);
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{METHOD_LABEL[payment.method] ?? payment.method}</Text>
          <PaymentStatusBadge status={payment.status} />
        </Group>
        <Text fw={600}>
          {formatUsd(payment.amountCents)}
          {crypto && (
            <Text span c="dimmed" fw={400} size="sm">
              {' '}
              ({crypto})
            </Text>
          )}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="xs">
        <Field label="Started">
          <Text size="sm">{formatLocalDateTime(payment.createdAt)}</Text>
        </Field>
        <Field label="Confirmed">
          <Text size="sm">{formatLocalDateTime(payment.confirmedAt)}</Text>
        </Field>
        <Field label="Transaction">
          {payment.externalId ? (
            <Code style={{ wordBreak: 'break-all' }}>{payment.externalId}</Code>
          ) : (
            <Text size="sm">—</Text>
          )}
        </Field>
      </SimpleGrid>
      {payment.failureReason && (
        <Text size="sm" c="red" mt="xs">
          {payment.failureReason}
        </Text>
      )}
      {payment.history.length > 0 && (
        <Stack gap={2} mt="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            History
          </Text>
          {payment.history.map((event, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
            <Text size="xs" key={i}>
              {formatLocalDateTime(event.at)}: {event.from ?? 'new'} → {event.to} ({event.source})
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
