import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { type OrderStatus, orderStatuses } from '@studio/shared/schemas/orders';
import { IconSearch } from '@tabler/icons-react';
import { statusLabels } from '../order-format';

// 'All statuses' is an option of its own: Mantine's clear button is hidden from keyboards and
// screen readers.
const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...orderStatuses.map((s) => ({ value: s, label: statusLabels[s] })),
];

interface OrdersToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: OrderStatus | null;
  onStatus: (value: OrderStatus | null) => void;
}

/** Search (order number, customer name or e-mail) and the status filter. */
export function OrdersToolbar({ search, onSearch, status, onStatus }: OrdersToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search orders"
        placeholder="Order number, customer name or e-mail"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch('')} />
          ) : null
        }
        maxLength={200}
        w={{ base: '100%', sm: 360 }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={status ?? ALL}
        onChange={(v) => onStatus(!v || v === ALL ? null : (v as OrderStatus))}
        allowDeselect={false}
        w={{ base: '100%', sm: 200 }}
      />
    </Group>
  );
}
