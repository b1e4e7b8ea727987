import {
  Alert,
  Button,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { orderMessages } from '@studio/shared/messages/orders';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CARD_SCROLL, cardTable } from '../../components/admin-table';
import {
  type AdminOrderSummary,
  ORDERS_PAGE_SIZE,
  type OrdersPage,
  type OrdersParams,
  type OrdersSort,
} from '../api/get-orders';
import { formatDateTime } from '../order-format';
import { OrderStatusBadge } from './order-status-badge';
import classes from './orders-table.module.css';

interface SortHeaderProps {
  column: OrdersSort;
  params: OrdersParams;
  onSort: (column: OrdersSort) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}

function SortHeader({ column, params, onSort, children, align = 'left' }: SortHeaderProps) {
  const active = params.sort === column;
  const Icon = !active ? IconArrowsSort : params.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ textAlign: align }}
    >
      <UnstyledButton
        className={classes.sort}
        data-active={active || undefined}
        onClick={() => onSort(column)}
      >
        {children}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

const CONTROL_LABELS = { first: 'First', previous: 'Previous', next: 'Next', last: 'Last' };

/** On phones the rows are cards (no header to click), labelled with these names. */
const COLUMNS = ['Order', 'Customer', 'Date', 'Items', 'Total', 'Status'] as const;

const SORT_OPTIONS: { value: OrdersSort; label: string }[] = [
  { value: 'createdAt', label: 'Date' },
  { value: 'orderNumber', label: 'Order number' },
  { value: 'total', label: 'Total' },
  { value: 'status', label: 'Status' },
];

/** What the current direction means for each column, as the phone's sort button says it. */
const DIRECTION: Record<OrdersSort, { asc: string; desc: string }> = {
  createdAt: { asc: 'Oldest first', desc: 'Newest first' },
  orderNumber: { asc: 'A to Z', desc: 'Z to A' },
  total: { asc: 'Lowest first', desc: 'Highest first' },
  status: { asc: 'A to Z', desc: 'Z to A' },
};

/** The header's sorting, for phones, where the rows are cards without a header. */
function PhoneSort({
  params,
  onSort,
}: {
  params: OrdersParams;
  onSort: (column: OrdersSort) => void;
}) {
  const Icon = params.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Group hiddenFrom="sm" gap="xs" p="sm" wrap="nowrap" align="flex-end">
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={params.sort}
        allowDeselect={false}
        onChange={(v) => v && v !== params.sort && onSort(v as OrdersSort)}
        style={{ flex: 1 }}
      />
      <Button
        variant="default"
        leftSection={<Icon size={16} aria-hidden />}
        onClick={() => onSort(params.sort)}
        title="Reverse the order"
      >
        {DIRECTION[params.sort][params.dir]}
      </Button>
    </Group>
  );
}

function customerName(order: AdminOrderSummary): string {
  return order.user ? `${order.user.firstName} ${order.user.lastName}` : 'Deleted account';
}

function itemCount(order: AdminOrderSummary): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

interface OrdersTableProps {
  page: OrdersPage | undefined;
  params: OrdersParams;
  loading: boolean;
  error: boolean;
  filtered: boolean;
  onRetry: () => void;
  onSort: (column: OrdersSort) => void;
  onPage: (page: number) => void;
  onOpen: (order: AdminOrderSummary) => void;
}

/** The orders with sortable columns and pages; a row opens the order. */
export function OrdersTable({
  page,
  params,
  loading,
  error,
  filtered,
  onRetry,
  onSort,
  onPage,
  onOpen,
}: OrdersTableProps) {
  if (error && !page) {
    return (
      <Alert color="red" title={orderMessages.listFailedTitle}>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const orders = page?.orders ?? [];
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const first = total === 0 ? 0 : (params.page - 1) * ORDERS_PAGE_SIZE + 1;
  const last = Math.min(total, params.page * ORDERS_PAGE_SIZE);

  return (
    <Paper withBorder radius="md" pos="relative">
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} zIndex={5} />
      <PhoneSort params={params} onSort={onSort} />
      <Table.ScrollContainer minWidth={760} classNames={CARD_SCROLL}>
        <Table {...cardTable(COLUMNS)} highlightOnHover verticalSpacing="sm" aria-label="Orders">
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="orderNumber" params={params} onSort={onSort}>
                Order
              </SortHeader>
              <Table.Th>Customer</Table.Th>
              <SortHeader column="createdAt" params={params} onSort={onSort}>
                Date
              </SortHeader>
              <Table.Th style={{ textAlign: 'right' }}>Items</Table.Th>
              <SortHeader column="total" params={params} onSort={onSort} align="right">
                Total
              </SortHeader>
              <SortHeader column="status" params={params} onSort={onSort}>
                Status
              </SortHeader>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr
                key={order.id}
                className={classes.row}
                onClick={() => onOpen(order)}
                data-order-number={order.orderNumber}
              >
                <Table.Td>
                  {/* The keyboard's way in; the whole row answers the mouse. */}
                  <UnstyledButton
                    className={classes.number}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(order);
                    }}
                    aria-label={`Open order ${order.orderNumber}`}
                  >
                    {order.orderNumber}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {customerName(order)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.user?.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(order.createdAt)}</Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{itemCount(order)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }} fw={600}>
                  {order.total}
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                </Table.Td>
              </Table.Tr>
            ))}
            {page && orders.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" py="xl">
                    {filtered ? 'No orders match this search or filter.' : 'No orders yet.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" p="md" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {page
            ? `Showing ${first}–${last} of ${total.toLocaleString()} order${total === 1 ? '' : 's'}`
            : 'Loading orders…'}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={params.page}
            onChange={onPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${CONTROL_LABELS[control]} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        )}
      </Group>
    </Paper>
  );
}
