import { Anchor, Card, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatOrderDateTime } from '../../../orders/order-display';
import { useAdminNavigation } from '../../admin-navigation';
import type { AuditEntry } from '../api/list-audit';

function Who({ actor }: { actor: AuditEntry['actor'] }) {
  if (actor.kind === 'system')
    return (
      <Text size="sm" c="dimmed">
        System
      </Text>
    );
  if (actor.kind === 'deleted')
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Deleted user
      </Text>
    );
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500}>
        {actor.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {actor.email}
      </Text>
    </div>
  );
}

/** The object as a link that opens it in its tab; its name alone when it has no view; a dash when gone. */
function ObjectLink({ entry }: { entry: AuditEntry }) {
  const nav = useAdminNavigation();
  const { link, label } = entry.object;
  if (link && label)
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        onClick={() => nav.open(link.kind, link.id)}
        data-link-kind={link.kind}
      >
        {label}
      </Anchor>
    );
  return (
    <Text size="sm" c="dimmed">
      {label ?? '—'}
    </Text>
  );
}

const when = (entry: AuditEntry) => (
  <time dateTime={entry.at}>{formatOrderDateTime(entry.at)}</time>
);

/** At 1440 px: When, Who, Action, Object, Details. */
function EntriesTable({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <Paper withBorder radius="md" visibleFrom="sm">
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" aria-label="Audit trail">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Object</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={5}>
                      <Skeleton h={28} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : entries.map((e) => (
                  <Table.Tr key={e.id} data-audit-id={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{when(e)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Who actor={e.actor} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.actionLabel}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ObjectLink entry={e} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {e.summary || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** At 390 px: one card per entry. */
function EntryCards({ entries, loading }: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" role="list" aria-label="Audit trail">
      {loading
        ? [0, 1, 2].map((i) => <Skeleton key={i} h={110} radius="md" />)
        : entries.map((e) => (
            <Card
              key={e.id}
              withBorder
              radius="md"
              padding="sm"
              role="listitem"
              data-audit-id={e.id}
            >
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600}>
                    {e.actionLabel}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {when(e)}
                  </Text>
                </Group>
                <ObjectLink entry={e} />
                {e.summary && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.summary}
                  </Text>
                )}
                <Who actor={e.actor} />
              </Stack>
            </Card>
          ))}
    </Stack>
  );
}

export function AuditEntries(props: { entries: AuditEntry[]; loading: boolean }) {
  return (
    <>
      <EntriesTable {...props} />
      <EntryCards {...props} />
    </>
  );
}
