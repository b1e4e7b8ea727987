import { Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { useState } from 'react';
import { useAdminOpenHandler } from '../../admin-navigation';
import { exportQuery } from '../../exports/api/save-export';
import { OrdersExportMenu } from '../../exports/components/export-buttons';
import {
  type AdminOrderSummary,
  type OrdersParams,
  type OrdersSort,
  useOrders,
} from '../api/get-orders';
import { OrderModals } from './order-modals';
import { OrdersTable } from './orders-table';
import { OrdersToolbar } from './orders-toolbar';
import { StatCards } from './stat-cards';

/** Typing pauses this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/** Orders tab: stat cards, the orders table, detail and shipping modals. */
export function OrdersTab() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [sort, setSort] = useState<{ sort: OrdersSort; dir: 'asc' | 'desc' }>({
    sort: 'createdAt',
    dir: 'desc',
  });
  // A page number holds only for the search, filter and sort it was chosen under; any change
  // of those starts again at page 1 (without an extra fetch of the old page).
  const view = `${q}|${status}|${sort.sort}|${sort.dir}`;
  const [paging, setPaging] = useState({ view, page: 1 });
  const params: OrdersParams = { status, q, ...sort, page: paging.view === view ? paging.page : 1 };
  const orders = useOrders(params);
  const [open, setOpen] = useState<AdminOrderSummary | { id: string } | null>(null);
  useAdminOpenHandler('order', ({ id }) => setOpen({ id }));

  return (
    <Stack gap="lg">
      <StatCards />
      <Stack gap="sm" component="section" aria-labelledby="admin-orders-heading">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" id="admin-orders-heading">
            Orders
          </Title>
          <OrdersExportMenu query={exportQuery({ status, q, sort: sort.sort, dir: sort.dir })} />
        </Group>
        <OrdersToolbar search={search} onSearch={setSearch} status={status} onStatus={setStatus} />
        <OrdersTable
          page={orders.data}
          params={params}
          loading={orders.isFetching && (orders.isPlaceholderData || orders.isPending)}
          error={orders.isError}
          filtered={Boolean(q || status)}
          onRetry={() => void orders.refetch()}
          onSort={(column) => {
            setSort((s) =>
              s.sort === column
                ? { sort: column, dir: s.dir === 'asc' ? 'desc' : 'asc' }
                : // Numbers and dates read newest or largest first; text from A.
                  {
                    sort: column,
                    dir: column === 'orderNumber' || column === 'status' ? 'asc' : 'desc',
                  },
            );
          }}
          onPage={(page) => setPaging({ view, page })}
          onOpen={setOpen}
        />
      </Stack>
      <OrderModals order={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
