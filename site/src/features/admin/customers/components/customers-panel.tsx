import { Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { customerMessages } from '@studio/shared/messages/customers';
import type { CustomerSort, UserRole } from '@studio/shared/schemas/customers';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminOpenHandler } from '../../admin-navigation';
import { ListError, TablePager } from '../../components/admin-table';
import { CUSTOMERS_PAGE_SIZE, type CustomersParams, useCustomers } from '../api/list-customers';
import { CustomerDetailModal } from './customer-detail-modal';
import { CustomersList } from './customers-list';

/** Numbers and dates read largest or newest first; names and addresses from A. */
const firstDir = (sort: CustomerSort) => (sort === 'name' || sort === 'email' ? 'asc' : 'desc');

const SORT_OPTIONS: { value: `${CustomerSort}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'createdAt:desc', label: 'Newest sign-ups' },
  { value: 'totalSpent:desc', label: 'Most spent' },
  { value: 'ordersCount:desc', label: 'Most orders' },
  { value: 'lastOrderAt:desc', label: 'Latest order' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'email:asc', label: 'E-mail A–Z' },
];

function countText(total: number, filtered: boolean): string {
  if (!filtered) return total === 1 ? '1 account' : `${total} accounts`;
  return total === 1 ? '1 account matches' : `${total} accounts match`;
}

/** Customers tab: every account with its orders and spend, searchable; one opens its page. */
export function CustomersPanel() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<UserRole | null>(null);
  const [sort, setSort] = useState<Pick<CustomersParams, 'sort' | 'dir'>>({
    sort: 'createdAt',
    dir: 'desc',
  });
  // A page number holds only for the search, role and sort it was chosen under.
  const view = `${q}|${role}|${sort.sort}|${sort.dir}`;
  const [paging, setPaging] = useState({ view, page: 1 });
  const params: CustomersParams = {
    q,
    role,
    ...sort,
    page: paging.view === view ? paging.page : 1,
  };
  const list = useCustomers(params);
  const [openId, setOpenId] = useState<string | null>(null);
  useAdminOpenHandler('customer', ({ id }) => setOpenId(id));

  const customers = list.data?.customers ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE));
  const filtered = q !== '' || role !== null;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Customers</Title>
        <Text size="sm" c="dimmed">
          {list.data
            ? `${countText(total, filtered)}. Total spent counts paid, processing, shipped and delivered orders, less refunds.`
            : 'Every account, with its orders and what it has spent'}
        </Text>
      </Stack>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search customers"
          placeholder="Search by name or e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <SegmentedControl
          aria-label="Role"
          value={role ?? 'all'}
          onChange={(v) => setRole(v === 'all' ? null : (v as UserRole))}
          data={[
            { value: 'all', label: 'All' },
            { value: 'customer', label: 'Customers' },
            { value: 'admin', label: 'Admins' },
          ]}
        />
        <Select
          label="Sort by"
          hiddenFrom="sm"
          w="100%"
          data={SORT_OPTIONS}
          value={`${sort.sort}:${sort.dir}`}
          allowDeselect={false}
          onChange={(v) => {
            if (!v) return;
            const [s, d] = v.split(':') as [CustomerSort, 'asc' | 'desc'];
            setSort({ sort: s, dir: d });
          }}
        />
      </Group>

      {list.isError && (
        <ListError
          title={customerMessages.fetchFailed}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      )}

      <CustomersList
        customers={customers}
        params={params}
        loading={list.isPending}
        busy={list.isFetching}
        empty={
          list.isSuccess && customers.length === 0
            ? filtered
              ? 'No accounts match this search.'
              : 'No accounts yet.'
            : null
        }
        onSort={(column) =>
          setSort((s) =>
            s.sort === column
              ? { sort: column, dir: s.dir === 'asc' ? 'desc' : 'asc' }
              : { sort: column, dir: firstDir(column) },
          )
        }
        onOpen={(c) => setOpenId(c.id)}
      />

      <TablePager page={params.page} pages={pages} onChange={(page) => setPaging({ view, page })} />

      <CustomerDetailModal id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
