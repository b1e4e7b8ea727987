import {
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { httpMessages } from '@studio/shared/messages/http';
import { projectMessages } from '@studio/shared/messages/projects';
import { IconPaperclip, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { WorkStatusBadge } from '../../../../components/project-room/work-status-badge';
import { useAdminOpenHandler } from '../../admin-navigation';
import { errorMessage } from '../../api/admin-result';
import { AdminTable, ListError, TablePager } from '../../components/admin-table';
import { exportQuery } from '../../exports/api/save-export';
import { ExportButton } from '../../exports/components/export-buttons';
import {
  ADMIN_SUBMISSIONS_PAGE_SIZE,
  type AdminSubmissionSummary,
  type PaymentState,
  useAdminSubmissions,
} from '../api/list-submissions';
import { PaymentStateBadge } from './payment-badges';
import { SubmissionDetailModal } from './submission-detail-modal';
import { formatLocalDateTime } from './submission-format';

const COLUMNS = ['Submitted', 'Name', 'E-mail', 'Service', 'Payment', 'Work', 'Files', ''] as const;

function countText(total: number, filtered: boolean): string {
  if (!filtered) return total === 1 ? '1 submission' : `${total} submissions`;
  return total === 1 ? '1 submission matches' : `${total} submissions match`;
}

function SubmissionRow({
  submission,
  onOpen,
}: {
  submission: AdminSubmissionSummary;
  onOpen: () => void;
}) {
  return (
    <Table.Tr data-submission-id={submission.id}>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={submission.createdAt}>{formatLocalDateTime(submission.createdAt)}</time>
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} lineClamp={1}>
          {submission.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Anchor size="sm" href={`mailto:${submission.email}`} lineClamp={1}>
          {submission.email}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{submission.service}</Text>
      </Table.Td>
      <Table.Td>
        <PaymentStateBadge state={submission.paymentState} />
      </Table.Td>
      <Table.Td>
        <WorkStatusBadge status={submission.workStatus} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" aria-label={`${submission.fileCount} files`}>
          <IconPaperclip size={14} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">{submission.fileCount}</Text>
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="compact-sm"
          variant="light"
          onClick={onOpen}
          aria-label={`View submission from ${submission.name}`}
        >
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Submissions tab: project submissions with their payment state, a page at a time. */
export function SubmissionsPanel() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [state, setState] = useState<'all' | PaymentState>('all');
  const [page, setPage] = useState(1);
  const list = useAdminSubmissions({ q, paymentState: state === 'all' ? null : state, page });
  const [open, setOpen] = useState<Pick<AdminSubmissionSummary, 'id'> & { name?: string }>();
  useAdminOpenHandler('submission', ({ id }) => setOpen({ id }));

  const submissions = list.data?.submissions ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_SUBMISSIONS_PAGE_SIZE));
  const filtered = q !== '' || state !== 'all';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>Submissions</Title>
          <Text size="sm" c="dimmed">
            {list.data
              ? `${countText(total, filtered)}, newest first`
              : 'Projects sent with the Submit Project form'}
          </Text>
        </Stack>
        <ExportButton
          choice={{
            kind: 'submissions',
            query: exportQuery({ q, paymentState: state === 'all' ? null : state }),
          }}
        />
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search submissions"
          placeholder="Search by name or e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
        <SegmentedControl
          aria-label="Payment state"
          value={state}
          onChange={(v) => {
            setState(v as typeof state);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unpaid', label: 'Unpaid' },
            { value: 'pending', label: 'Pending' },
            { value: 'paid', label: 'Paid' },
            { value: 'refunded', label: 'Refunded' },
          ]}
        />
      </Group>

      {list.isError && (
        <ListError
          title={projectMessages.listFailed}
          message={errorMessage(list.error, httpMessages.tryAgain)}
          onRetry={() => void list.refetch()}
        />
      )}

      <AdminTable
        label="Submissions"
        columns={COLUMNS}
        minWidth={900}
        busy={list.isFetching}
        loading={list.isPending}
        skeletonHeight={28}
        empty={
          list.isSuccess && submissions.length === 0
            ? filtered
              ? 'No submissions match these filters.'
              : 'No submissions yet.'
            : null
        }
      >
        {submissions.map((s) => (
          <SubmissionRow key={s.id} submission={s} onOpen={() => setOpen(s)} />
        ))}
      </AdminTable>

      <TablePager page={page} pages={pages} onChange={setPage} />

      <SubmissionDetailModal
        id={open?.id ?? null}
        title={open?.name ? `Submission from ${open.name}` : 'Submission'}
        onClose={() => setOpen(undefined)}
      />
    </Stack>
  );
}
