import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { orderMessages } from '@studio/shared/messages/orders';
import { formatUsd } from '@studio/shared/money';
import {
  IconCurrencyDollar,
  IconPackage,
  IconShoppingCart,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LowStockModal } from '../../products/components/low-stock-modal';
import { type Dashboard, useDashboard } from '../api/get-dashboard';

function signed(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/**
 * Where the spec hard-codes '+12.5% from last month' the card shows the same sentence with the
 * API's computed change; with no revenue last month there is nothing to compare, so it says
 * what this month brought instead.
 */
function revenueNote(trends: Dashboard['trends']): string {
  if (trends.revenueChangePercent !== null)
    return `${signed(trends.revenueChangePercent)} from last month`;
  return `${formatUsd(trends.revenueThisMonth)} this month`;
}

interface StatCardProps {
  label: string;
  value: ReactNode;
  note: ReactNode;
  icon: TablerIcon;
  color: string;
}

function StatCard({ label, value, note, icon: Icon, color }: StatCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} mt={4} data-stat-value>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" data-stat-note>
        {note}
      </Text>
    </Card>
  );
}

/** Spec 2: total revenue; orders with the pending count; products with low stock; customers. */
export function StatCards() {
  const { data, isPending, isError, refetch, isFetching } = useDashboard();
  const [lowStockOpen, setLowStockOpen] = useState(false);
  if (isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} aria-busy="true" aria-label="Loading figures">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={132} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (isError) {
    return (
      <Alert color="red" title={orderMessages.dashboardFailedTitle}>
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={isFetching}
          onClick={() => refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  const { stats, trends, lowStockThreshold } = data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
      <StatCard
        label="Total Revenue"
        value={formatUsd(stats.totalRevenue)}
        note={revenueNote(trends)}
        icon={IconCurrencyDollar}
        color="teal"
      />
      <StatCard
        label="Total Orders"
        value={stats.totalOrders.toLocaleString()}
        note={`${stats.pendingOrders.toLocaleString()} pending`}
        icon={IconShoppingCart}
        color="blue"
      />
      <StatCard
        label="Total Products"
        value={stats.totalProducts.toLocaleString()}
        note={
          <>
            {/* The low-stock list, each product leading to its stock history (decision 037). */}
            <Anchor
              component="button"
              type="button"
              inherit
              c={stats.lowStockCount > 0 ? 'yellow.4' : undefined}
              onClick={() => setLowStockOpen(true)}
              data-low-stock-link
            >
              {`${stats.lowStockCount.toLocaleString()} low stock`}
            </Anchor>
            <Text span inherit c="dimmed">{` (${lowStockThreshold} or fewer left)`}</Text>
            <LowStockModal
              opened={lowStockOpen}
              onClose={() => setLowStockOpen(false)}
              products={data.lowStockProducts}
              count={stats.lowStockCount}
              threshold={lowStockThreshold}
            />
          </>
        }
        icon={IconPackage}
        color="violet"
      />
      <StatCard
        label="Total Customers"
        value={stats.totalUsers.toLocaleString()}
        // The spec's '+5 new this week', counted.
        note={`+${trends.newCustomersThisWeek.toLocaleString()} new this week`}
        icon={IconUsers}
        color="grape"
      />
    </SimpleGrid>
  );
}
