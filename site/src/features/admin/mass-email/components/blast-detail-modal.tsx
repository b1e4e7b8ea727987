import {
  Alert,
  Chip,
  Group,
  Modal,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { CARD_SCROLL, cardTable } from '../../components/admin-table';
import { type BlastProgress, useBlast } from '../api/get-blast';
import { pauseLine } from '../pause-line';
import { BlastActions } from './blast-actions';
import { BlastStatusBadge } from './blast-status-badge';

/** Rows drawn at once: a list of thousands stays responsive; the filter narrows it. */
const MAX_ROWS = 500;

type Filter = 'all' | 'sent' | 'failed' | 'skipped' | 'unknown' | 'pending';

const RECIPIENT_COLUMNS = ['Recipient', 'Result', 'Sent at', 'Error'] as const;

/** Why a recipient's result is unknown, and what happens to them. */
export const UNKNOWN_NOTE =
  'Unknown: the connection dropped before the mail server answered, so these may have arrived. They are not sent again unless you resend them.';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '';

/**
 * One blast: its counts, each recipient's result, a retry of the failed ones and a resend to those
 * whose result is unknown; a blast paused by the mail server says why and until when.
 */
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
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? recipients : recipients.filter((r) => r.status === filter);
  const processed = blast.sentCount + blast.failedCount + blast.skippedCount + blast.unknownCount;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="xs">
          <BlastStatusBadge status={blast.pausedUntil ? 'paused' : blast.status} />
          <Text size="sm" c="dimmed">
            Created {when(blast.createdAt)}
            {blast.finishedAt ? `, finished ${when(blast.finishedAt)}` : ''}
            {blast.attachmentName ? ` · Attachment: ${blast.attachmentName}` : ''}
          </Text>
        </Group>
        <BlastActions blast={blast} />
      </Group>
      {blast.pausedUntil && (
        <Alert color="orange" variant="light" icon={<IconPlayerPause aria-hidden />}>
          {/* The server's words as text: React escapes whatever it answered. */}
          {pauseLine(blast.pauseReason, blast.pausedUntil)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
        <Count label="Recipients" value={blast.total} />
        <Count label="Sent" value={blast.sentCount} color="teal.4" />
        <Count label="Failed" value={blast.failedCount} color="red.4" />
        <Count label="Skipped" value={blast.skippedCount} color="yellow.5" />
        <Count label="Unknown" value={blast.unknownCount} color="orange.4" />
      </SimpleGrid>
      {blast.unknownCount > 0 && (
        <Text size="sm" c="dimmed">
          {UNKNOWN_NOTE}
        </Text>
      )}
      {blast.status !== 'done' && (
        <Progress
          value={blast.total > 0 ? (processed / blast.total) * 100 : 0}
          animated
          aria-label="Email blast progress"
        />
      )}
      {/* Chips wrap on a phone, where six segments would not fit. */}
      <Chip.Group value={filter} onChange={(v) => setFilter(v as Filter)}>
        <Group gap={6} role="radiogroup" aria-label="Show">
          {(
            [
              ['all', 'All', blast.total],
              ['sent', 'Sent', blast.sentCount],
              ['failed', 'Failed', blast.failedCount],
              ['skipped', 'Skipped', blast.skippedCount],
              ['unknown', 'Unknown', blast.unknownCount],
              ['pending', 'Pending', blast.pendingCount],
            ] as const
          ).map(([value, label, count]) => (
            <Chip key={value} value={value} size="xs" variant="light">
              {label} ({count})
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Table.ScrollContainer
        minWidth={560}
        maxHeight={360}
        classNames={CARD_SCROLL}
        // A long list scrolls: the keyboard can reach it too (it holds nothing else to focus).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Recipients list' } }}
      >
        <Table
          {...cardTable(RECIPIENT_COLUMNS)}
          verticalSpacing={6}
          aria-label="Recipients"
          stickyHeader
        >
          <Table.Thead>
            <Table.Tr>
              {RECIPIENT_COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice(0, MAX_ROWS).map((r) => (
              <Table.Tr key={r.email}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                {/* Wide enough for the badge's word, which would otherwise be cut to "Unkn…". */}
                <Table.Td style={{ minWidth: 96 }}>
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
      </Table.ScrollContainer>
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
      role="group"
      aria-label={label}
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
