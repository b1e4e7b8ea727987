import { Button, Group, Select, TextInput } from '@mantine/core';
import { SYSTEM_ACTOR } from '@studio/shared/schemas/audit';
import { useAuditFilters } from '../api/get-audit-filters';
import type { AuditFilter } from '../api/list-audit';

export const NO_FILTER: AuditFilter = {
  actor: null,
  action: null,
  entityType: null,
  from: '',
  to: '',
};

/** The kind select's value: a whole object type, or one action. */
const kindValue = (f: AuditFilter) =>
  f.action ? `action:${f.action}` : f.entityType ? `type:${f.entityType}` : null;

/** Person, kind and date range; choices are what the log holds. */
export function AuditFilters({
  filter,
  onChange,
  dateError,
}: {
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  dateError: string | null;
}) {
  const choices = useAuditFilters();
  const people = [
    ...(choices.data?.system
      ? [{ value: SYSTEM_ACTOR, label: 'System (jobs, PayPal, blockchain)' }]
      : []),
    ...(choices.data?.people ?? []).map((p) => ({
      value: p.id,
      label: p.email ? `${p.name} (${p.email})` : p.name,
    })),
  ];
  const kinds = [
    {
      group: 'Everything about',
      items: (choices.data?.entityTypes ?? []).map((t) => ({
        value: `type:${t.value}`,
        label: t.label,
      })),
    },
    {
      group: 'One action',
      items: (choices.data?.actions ?? []).map((a) => ({
        value: `action:${a.value}`,
        label: a.label,
      })),
    },
  ];
  const set = (patch: Partial<AuditFilter>) => onChange({ ...filter, ...patch });
  const filtered = filter.actor || filter.action || filter.entityType || filter.from || filter.to;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Person"
        placeholder="Everyone"
        data={people}
        value={filter.actor}
        onChange={(actor) => set({ actor })}
        searchable
        clearable
        nothingFoundMessage="No one by that name"
        w={{ base: '100%', sm: 280 }}
      />
      <Select
        label="Kind"
        placeholder="All kinds"
        data={kinds}
        value={kindValue(filter)}
        onChange={(v) => {
          const [kind, value] = v ? (v.split(/:(.*)/s) as [string, string]) : ['', ''];
          set({
            action: kind === 'action' ? value : null,
            entityType: kind === 'type' ? value : null,
          });
        }}
        searchable
        clearable
        nothingFoundMessage="No such kind"
        w={{ base: '100%', sm: 260 }}
      />
      <TextInput
        type="date"
        label="From"
        value={filter.from}
        onChange={(e) => set({ from: e.currentTarget.value })}
        error={dateError}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 170 }}
      />
      <TextInput
        type="date"
        label="To"
        value={filter.to}
        onChange={(e) => set({ to: e.currentTarget.value })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 170 }}
      />
      {filtered && (
        <Button variant="subtle" mt={{ base: 0, sm: 25 }} onClick={() => onChange(NO_FILTER)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
