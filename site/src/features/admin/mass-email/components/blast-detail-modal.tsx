import {
  Alert,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { type BlastProgress, useBlast } from '../api/get-blast';
import { useRetryBlast } from '../api/retry-blast';
import { plural } from '../recipients';
import { BlastStatusBadge } from './blast-status-badge';

/** Rows drawn at once: a list of thousands stays responsive; the filter narrows it. */
const MAX_ROWS = 500;

type Filter = 'all' | 'sent' | 'failed' | 'skipped' | 'pending';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '';

/** One blast: its counts, each recipient's result, and a retry of the failed ones. */
export function BlastDetailModal({
  blastId,
  onClose,
}: {
  blastId: string | null;
  onClose: () => void;
}) {
  const detail = useBlast(blastId);
  return (
    <Modal
      opened={blastId !== null}
      onClose={onClose}
      title={detail.data ? `Email blast: ${detail.data.blast.subject}` : 'Email blast'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {detail.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading the email blast">
          <Skeleton height={60} />
          <Skeleton height={200} />
        </Stack>
      ) : detail.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {detail.error.message}
        </Alert>
      ) : (
        <BlastDetail data={detail.data} />
      )}
    </Modal>
  );
}

function BlastDetail({ data }: { data: BlastProgress }) {
  const { blast, recipients } = data;
  const retry = useRetryBlast();
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? recipients : recipients.filter((r) => r.status === filter);
  const processed = blast.sentCount + blast.failedCount + blast.skippedCount;

  const retryFailed = async () => {
    try {
      const { retried } = await retry.mutateAsync(blast.id);
      // Ours: the spec has no retry.
      toast.success(`Retrying ${plural(retried, 'failed recipient')}`, ADMIN_TOAST);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Retry failed', ADMIN_TOAST);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="xs">
          <BlastStatusBadge status={blast.status} />
          <Text size="sm" c="dimmed">
            Created {when(blast.createdAt)}
            {blast.finishedAt ? `, finished ${when(blast.finishedAt)}` : ''}
            {blast.attachmentName ? ` · Attachment: ${blast.attachmentName}` : ''}
          </Text>
        </Group>
        {blast.failedCount > 0 && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={retry.isPending}
            disabled={blast.status !== 'done'}
            onClick={() => void retryFailed()}
          >
            Retry failed ({blast.failedCount})
          </Button>
        )}
      </Group>
      <SimpleGrid cols={4} spacing="xs">
        <Count label="Recipients" value={blast.total} />
        <Count label="Sent" value={blast.sentCount} color="teal.4" />
        <Count label="Failed" value={blast.failedCount} color="red.4" />
        <Count label="Skipped" value={blast.skippedCount} color="yellow.5" />
      </SimpleGrid>
      {blast.status !== 'done' && (
        <Progress
          value={blast.total > 0 ? (processed / blast.total) * 100 : 0}
          animated
          aria-label="Email blast progress"
        />
      )}
      <SegmentedControl
        size="xs"
        value={filter}
        onChange={(v) => setFilter(v as Filter)}
        data={[
          { value: 'all', label: `All (${blast.total})` },
          { value: 'sent', label: `Sent (${blast.sentCount})` },
          { value: 'failed', label: `Failed (${blast.failedCount})` },
          { value: 'skipped', label: `Skipped (${blast.skippedCount})` },
          { value: 'pending', label: `Pending (${blast.pendingCount})` },
        ]}
      />
      <ScrollArea.Autosize mah={360}>
        <Table verticalSpacing={6} aria-label="Recipients" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Sent at</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice(0, MAX_ROWS).map((r) => (
              <Table.Tr key={r.email}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                <Table.Td>
                  <BlastStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(r.sentAt)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="red.4">
                    {r.error}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {shown.length > MAX_ROWS && (
        <Text size="xs" c="dimmed">
          Showing the first {MAX_ROWS} of {shown.length}.
        </Text>
      )}
    </Stack>
  );
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack
      gap={0}
      align="center"
      p="xs"
      style={{ borderRadius: 8 }}
      bg="var(--mantine-color-default-hover)"
    >
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
