import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { httpMessages } from '@studio/shared/messages/http';
import { projectMessages } from '@studio/shared/messages/projects';
import { useState } from 'react';
import { WorkStatusBadge } from '../../../../components/project-room/work-status-badge';
import { errorMessage } from '../../api/admin-result';
import { RefundModal } from '../../refunds/components/refund-modal';
import { RefundedBadge, RefundsPanel } from '../../refunds/components/refunds-panel';
import { type AdminSubmissionDetail, useAdminSubmission } from '../api/get-submission';
import { Field } from './detail-field';
import { PaymentStateBadge } from './payment-badges';
import { ProjectRoomTab } from './room/project-room-tab';
import { SubmissionFiles } from './submission-files';
import { formatLocalDateTime } from './submission-format';
import { SubmissionInvoiceButton } from './submission-invoice-button';
import { SubmissionPayment } from './submission-payment';

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
        <Field label="Work">
          <WorkStatusBadge status={submission.workStatus} />
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
        <SubmissionFiles submissionId={submission.id} files={files} />
      </Stack>

      <Stack gap={6}>
        <Title order={4}>Payments</Title>
        {payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment has been started for this submission.
          </Text>
        ) : (
          payments.map((p) => <SubmissionPayment key={p.id} payment={p} />)
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
 * refunds, and over it the Refund modal (decision 035); beside them, the project room's tab.
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
          // The room loads when its tab is opened; a tab per submission, Details first.
          <Tabs defaultValue="details" keepMounted={false} key={detail.data.submission.id}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="room">Project room</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details">
              <Detail data={detail.data} onRefund={() => setRefundOpen(true)} />
            </Tabs.Panel>
            <Tabs.Panel value="room">
              <ProjectRoomTab submissionId={detail.data.submission.id} />
            </Tabs.Panel>
          </Tabs>
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
