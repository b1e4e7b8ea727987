import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { customerMessages } from '@studio/shared/messages/customers';
import { useState } from 'react';
import { ListError } from '../../components/admin-table';
import { type AuditFilter, useAudit } from '../api/list-audit';
import { AuditEntries } from './audit-entries';
import { AuditFilters, NO_FILTER } from './audit-filters';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Audit tab: who changed what and when, newest first, filtered; each entry opens its object. */
export function AuditPanel() {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  // Date inputs change on every keystroke of a typed year: wait for a whole day.
  const [settled] = useDebouncedValue(filter, 300);
  const dateError =
    settled.from && settled.to && settled.from > settled.to
      ? 'The start date must be before the end date'
      : null;
  const query: AuditFilter = {
    ...settled,
    from: DAY.test(settled.from) && !dateError ? settled.from : '',
    to: DAY.test(settled.to) && !dateError ? settled.to : '',
  };
  const audit = useAudit(query);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Boolean(
    query.actor || query.action || query.entityType || query.from || query.to,
  );

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Audit trail</Title>
        <Text size="sm" c="dimmed">
          Every change made in this dashboard and by the system, newest first. Dates are whole days
          in UTC, as in the report.
        </Text>
      </Stack>

      <AuditFilters filter={filter} onChange={setFilter} dateError={dateError} />

      {audit.isError && (
        <ListError
          title={customerMessages.auditFetchFailed}
          message={audit.error.message}
          onRetry={() => void audit.refetch()}
        />
      )}

      {audit.isSuccess && entries.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {filtered ? 'No entries match these filters.' : 'Nothing has been changed yet.'}
        </Text>
      ) : (
        <AuditEntries entries={entries} loading={audit.isPending} />
      )}

      {audit.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            Show older entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
