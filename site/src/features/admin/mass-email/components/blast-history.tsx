import {
  Alert,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminOpenHandler } from '../../admin-navigation';
import { CARD_SCROLL, cardTable } from '../../components/admin-table';
import { BLAST_PAGE_SIZE, useBlasts } from '../api/list-blasts';
import { BlastDetailModal } from './blast-detail-modal';
import { BlastStatusBadge } from './blast-status-badge';

/** The header's names, which label each line of a blast's card on a phone. */
const COLUMNS = [
  'Created',
  'Subject',
  'Status',
  'Recipients',
  'Sent',
  'Failed',
  'Skipped',
  'Unknown',
  '',
] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every blast sent, newest first, with its counts; each opens its per-recipient results. */
export function BlastHistory() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  useAdminOpenHandler('blast', ({ id }) => setOpenId(id));
  const history = useBlasts(page);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / BLAST_PAGE_SIZE)) : 1;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="blast-history-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="lg" id="blast-history-title">
            History
          </Title>
          {history.data && (
            <Text size="sm" c="dimmed">
              {history.data.total} blast{history.data.total === 1 ? '' : 's'}
            </Text>
          )}
        </Group>
        {history.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading the history">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : history.isError ? (
          <Alert
            color="red"
            variant="light"
            title={history.error.message}
            icon={<IconAlertTriangle aria-hidden />}
          >
            <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : history.data.blasts.length === 0 ? (
          <EmptyState
            icon={<IconMailOff aria-hidden />}
            title="No email blasts yet"
            description="Blasts you send are listed here with each recipient's result."
          />
        ) : (
          <Table.ScrollContainer minWidth={720} classNames={CARD_SCROLL}>
            <Table
              {...cardTable(COLUMNS)}
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Email blast history"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Recipients</Table.Th>
                  <Table.Th ta="right">Sent</Table.Th>
                  <Table.Th ta="right">Failed</Table.Th>
                  <Table.Th ta="right">Skipped</Table.Th>
                  <Table.Th ta="right">Unknown</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.blasts.map((blast) => (
                  <Table.Tr key={blast.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(blast.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500} lineClamp={1}>
                        {blast.subject}
                      </Text>
                      {blast.attachmentName && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          Attachment: {blast.attachmentName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <BlastStatusBadge status={blast.pausedUntil ? 'paused' : blast.status} />
                    </Table.Td>
                    <Table.Td ta="right">{blast.total}</Table.Td>
                    <Table.Td ta="right">{blast.sentCount}</Table.Td>
                    <Table.Td ta="right" c={blast.failedCount > 0 ? 'red.4' : undefined}>
                      {blast.failedCount}
                    </Table.Td>
                    <Table.Td ta="right">{blast.skippedCount}</Table.Td>
                    <Table.Td ta="right" c={blast.unknownCount > 0 ? 'orange.4' : undefined}>
                      {blast.unknownCount}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setOpenId(blast.id)}
                        aria-label={`Details of ${blast.subject}`}
                      >
                        Details
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination value={page} onChange={setPage} total={pages} size="sm" />
          </Group>
        )}
      </Stack>
      <BlastDetailModal blastId={openId} onClose={() => setOpenId(null)} />
    </Paper>
  );
}
