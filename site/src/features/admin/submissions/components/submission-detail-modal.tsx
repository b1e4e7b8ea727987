import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { httpMessages } from '@studio/shared/messages/http';
import { projectMessages } from '@studio/shared/messages/projects';
import { formatUsd } from '@studio/shared/money';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { RefundModal } from '../../refunds/components/refund-modal';
import { RefundedBadge, RefundsPanel } from '../../refunds/components/refunds-panel';
import { useDownloadSubmissionFile } from '../api/download-submission-file';
import {
  type AdminSubmissionDetail,
  type AdminSubmissionFile,
  type AdminSubmissionPayment,
  useAdminSubmission,
} from '../api/get-submission';
import { PaymentStateBadge, PaymentStatusBadge } from './payment-badges';
import {
  formatBytes,
  formatCryptoAmount,
  formatLocalDateTime,
  METHOD_LABEL,
} from './submission-format';
import { SubmissionInvoiceButton } from './submission-invoice-button';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function Files({ submissionId, files }: { submissionId: string; files: AdminSubmissionFile[] }) {
  const download = useDownloadSubmissionFile();
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No files were uploaded with this submission.
      </Text>
    );
  return (
    <Paper withBorder radius="md">
      <Table aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {file.originalName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {file.contentType}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatBytes(file.sizeBytes)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={`Download ${file.originalName}`}
                  loading={download.isPending && download.variables?.id === file.id}
                  onClick={() =>
                    download.mutate(
                      { ...file, submissionId },
                      {
                        onError: (e) =>
                          toast.error(errorMessage(e, projectMessages.downloadFailed), ADMIN_TOAST),
                      },
                    )
                  }
                >
                  Download
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Payment({ payment }: { payment: AdminSubmissionPayment }) {
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

function Detail({ data, onRefund }: { data: AdminSubmissionDetail; onRefund: () => void }) {
  const { submission, files, payments, refunds } = data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Field label="Name">
          <Text size="sm">{submission.name}</Text>
        </Field>
        <Field label="E-mail">
          <Anchor size="sm" href={`mailto:${submission.email}`}>
            {submission.email}
          </Anchor>
        </Field>
        <Field label="Service">
          <Text size="sm">
            {submission.service.title}{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {submission.service.sku}
            </Text>
          </Text>
        </Field>
        <Field label="Submitted">
          <Text size="sm">{formatLocalDateTime(submission.createdAt)}</Text>
        </Field>
        <Field label="Payment">
          <Group gap="xs">
            <PaymentStateBadge state={submission.paymentState} />
            <RefundedBadge summary={refunds} />
            {submission.paidAt && (
              <Text size="xs" c="dimmed">
                {formatLocalDateTime(submission.paidAt)}
              </Text>
            )}
            {/* Paid once (a refund keeps the date): it has its invoice. */}
            {submission.paidAt && <SubmissionInvoiceButton submissionId={submission.id} />}
          </Group>
        </Field>
        <Field label="Account">
          <Text size="sm">{submission.userId ? 'Signed-in customer' : 'Guest'}</Text>
        </Field>
        <Field label="Timeline">
          <Text size="sm">{submission.timeline ?? '—'}</Text>
        </Field>
        <Field label="Budget">
          <Text size="sm">{submission.budget ?? '—'}</Text>
        </Field>
      </SimpleGrid>

      <Stack gap={6}>
        <Title order={4}>Project details</Title>
        {/* The visitor's text, shown as text (never as HTML), line breaks kept. */}
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {submission.notes}
          </Text>
        </Paper>
      </Stack>

      <Stack gap={6}>
        <Group gap="xs">
          <Title order={4}>Files</Title>
          <Badge variant="light" color="gray">
            {files.length}
          </Badge>
        </Group>
        <Files submissionId={submission.id} files={files} />
      </Stack>

      <Stack gap={6}>
        <Title order={4}>Payments</Title>
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment has been started for this submission.
          </Text>
        ) : (
          payments.map((p) => <Payment key={p.id} payment={p} />)
        )}
      </Stack>
      <RefundsPanel
        subject={{ kind: 'submission', id: submission.id }}
        summary={refunds}
        onRefund={onRefund}
      />
    </Stack>
  );
}

/**
 * One submission: every field, the notes as text, its files to download, its payments and
 * refunds, and over it the Refund modal (decision 035).
 */
export function SubmissionDetailModal({
  id,
  title,
  onClose,
}: {
  id: string | null;
  title: string;
  onClose: () => void;
}) {
  const detail = useAdminSubmission(id);
  const [refundOpen, setRefundOpen] = useState(false);
  const close = () => {
    setRefundOpen(false);
    onClose();
  };
  return (
    <Modal.Stack>
      <Modal
        stackId="submission-detail"
        opened={id !== null}
        onClose={close}
        title={title}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {detail.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading the submission" />
          </Group>
        ) : detail.isError ? (
          <Alert color="red" variant="light" title={projectMessages.loadFailed}>
            <Group justify="space-between">
              <Text size="sm">{errorMessage(detail.error, httpMessages.tryAgain)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => detail.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : (
          <Detail data={detail.data} onRefund={() => setRefundOpen(true)} />
        )}
      </Modal>
      {detail.data && (
        <RefundModal
          stackId="submission-refund"
          opened={refundOpen}
          onClose={() => setRefundOpen(false)}
          subject={{ kind: 'submission', id: detail.data.submission.id }}
          title={detail.data.submission.service.title}
          customer={detail.data.submission.name}
          summary={detail.data.refunds}
        />
      )}
    </Modal.Stack>
  );
}
