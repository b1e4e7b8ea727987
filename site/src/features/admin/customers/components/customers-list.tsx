import {
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import type { CustomerSort } from '@studio/shared/schemas/customers';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CustomerSummary, CustomersParams } from '../api/list-customers';
import { dateOrDash, fullName, RoleBadge } from './customer-format';
import classes from './customers-list.module.css';

interface ListProps {
  customers: CustomerSummary[];
  params: CustomersParams;
  loading: boolean;
  busy: boolean;
  empty: string | null;
  onSort: (sort: CustomerSort) => void;
  onOpen: (customer: CustomerSummary) => void;
}

function SortHeader({
  column,
  params,
  onSort,
  children,
  right,
}: {
  column: CustomerSort;
  params: CustomersParams;
  onSort: (sort: CustomerSort) => void;
  children: ReactNode;
  right?: boolean;
}) {
  const active = params.sort === column;
  const Icon = !active ? IconArrowsSort : params.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      ta={right ? 'right' : undefined}
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

/** At 1440 px: a table with sortable columns; the name opens the customer. */
function CustomersTable({ customers, params, loading, busy, empty, onSort, onOpen }: ListProps) {
  const sort = { params, onSort };
  return (
    <Paper withBorder radius="md" visibleFrom="sm">
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Customers" aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              <SortHeader column="name" {...sort}>
                Name
              </SortHeader>
              <SortHeader column="email" {...sort}>
                E-mail
              </SortHeader>
              <Table.Th>Role</Table.Th>
              <SortHeader column="ordersCount" right {...sort}>
                Orders
              </SortHeader>
              <SortHeader column="totalSpent" right {...sort}>
                Total spent
              </SortHeader>
              <SortHeader column="lastOrderAt" {...sort}>
                Last order
              </SortHeader>
              <SortHeader column="createdAt" {...sort}>
                Signed up
              </SortHeader>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={7}>
                      <Skeleton h={28} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : customers.map((c) => (
                  <Table.Tr key={c.id} data-customer-id={c.id}>
                    <Table.Td>
                      <UnstyledButton
                        className={classes.name}
                        onClick={() => onOpen(c)}
                        aria-label={`Open ${fullName(c)}`}
                      >
                        {fullName(c)}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1}>
                        {c.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RoleBadge role={c.role} />
                    </Table.Td>
                    <Table.Td ta="right">{c.ordersCount}</Table.Td>
                    <Table.Td ta="right">{formatUsd(c.totalSpentCents)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {dateOrDash(c.lastOrderAt)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOrDash(c.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
            {!loading && empty !== null && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed" py="lg">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** At 390 px: one card per customer with every figure, none cut off. */
function CustomerCards({ customers, loading, busy, empty, onOpen }: ListProps) {
  return (
    <Stack gap="sm" hiddenFrom="sm" aria-label="Customers" aria-busy={busy} role="list">
      {loading
        ? [0, 1, 2].map((i) => <Skeleton key={i} h={150} radius="md" />)
        : customers.map((c) => (
            <Card
              key={c.id}
              withBorder
              radius="md"
              padding="md"
              role="listitem"
              data-customer-id={c.id}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{fullName(c)}</Text>
                    <Text size="sm" c="dimmed" className={classes.email}>
                      {c.email}
                    </Text>
                  </div>
                  <RoleBadge role={c.role} />
                </Group>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                  <Figure label="Orders">{c.ordersCount}</Figure>
                  <Figure label="Total spent">{formatUsd(c.totalSpentCents)}</Figure>
                  <Figure label="Last order">{dateOrDash(c.lastOrderAt)}</Figure>
                  <Figure label="Signed up">{dateOrDash(c.createdAt)}</Figure>
                </SimpleGrid>
                <Button
                  variant="light"
                  size="sm"
                  onClick={() => onOpen(c)}
                  aria-label={`View customer ${fullName(c)}`}
                >
                  View customer
                </Button>
              </Stack>
            </Card>
          ))}
      {!loading && empty !== null && (
        <Text ta="center" c="dimmed" py="lg">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/** The customers as a table on a wide screen, as cards on a phone (CSS decides which shows). */
export function CustomersList(props: ListProps) {
  return (
    <>
      <CustomersTable {...props} />
      <CustomerCards {...props} />
    </>
  );
}
