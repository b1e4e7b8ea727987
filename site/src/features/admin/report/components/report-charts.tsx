// The chart styles belong to the admin feature only (the public site never draws a chart).
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import type { OrderStatus } from '@studio/shared/schemas/orders';
import { PENDING_YELLOW, statusColors, statusLabels } from '../../orders/order-format';
import type { Report } from '../api/get-report';
import { formatDay } from '../period';
import { TotalsTable } from './report-parts';
import classes from './report-view.module.css';

/** The report's four charts, each with its totals table. */

const METHOD_LABELS: Record<string, string> = {
  paypal: 'PayPal',
  usdt: 'USDT',
  alephium: 'Alephium',
};
const METHOD_COLORS = ['violet.6', 'cyan.6', 'orange.6', 'pink.6'];

const dollars = (cents: number) => cents / 100;
/** Chart values are dollars; tooltips and tables show them with 2 decimals (spec 9). */
const usd = (value: number) => formatUsd(Math.round(value * 100));
/** Axis ticks stay short: $1.2k rather than $1,200.00. */
const usdTick = (value: number) =>
  `$${Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value)}`;

/** Light "paper" colours for the charts, the same on screen and on the printed page. */
const CHART_INK = { textColor: 'gray.7', gridColor: 'gray.3' } as const;

function isStatus(status: string): status is OrderStatus {
  return status in statusLabels;
}

export function RevenueByDay({ report }: { report: Report }) {
  const data = report.revenueByDay.map((d) => ({
    day: formatDay(d.day, { month: 'short', day: 'numeric' }),
    total: dollars(d.totalCents),
    orders: dollars(d.orderCents),
    projects: dollars(d.submissionCents),
  }));
  const series = [
    { name: 'orders', label: 'Shop orders', color: 'blue.6' },
    { name: 'projects', label: 'Project payments', color: 'teal.6' },
  ];
  // A total line only adds something when both kinds of revenue are there; else it hides one.
  const both = data.some((d) => d.orders > 0) && data.some((d) => d.projects > 0);
  if (both) series.push({ name: 'total', label: 'Total', color: 'violet.7' });
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="day"
      series={series}
      curveType="monotone"
      withDots={data.length <= 31}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 32 }}
      valueFormatter={usd}
      yAxisProps={{ tickFormatter: usdTick, width: 56 }}
      lineProps={{ isAnimationActive: false }}
      {...CHART_INK}
    />
  );
}

export function RevenueByMethod({ report }: { report: Report }) {
  const rows = report.revenueByMethod;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No confirmed online payments in this period.
      </Text>
    );
  return (
    <>
      <Text size="xs" className={classes.muted} mb="xs">
        Confirmed online payments; an order marked paid by hand has none.
      </Text>
      <DonutChart
        mx="auto"
        size={130}
        thickness={24}
        data={rows.map((m, i) => ({
          name: METHOD_LABELS[m.method] ?? m.method,
          value: dollars(m.cents),
          color: METHOD_COLORS[i % METHOD_COLORS.length] ?? 'gray.6',
        }))}
        valueFormatter={usd}
        strokeColor="white"
        withLabelsLine={false}
        pieProps={{ isAnimationActive: false }}
      />
      <TotalsTable
        head={['Method', 'Payments', 'Amount']}
        rows={rows.map((m, i) => [
          <span key="m" className={classes.legend}>
            <span
              className={classes.swatch}
              style={{
                background: `var(--mantine-color-${(METHOD_COLORS[i % METHOD_COLORS.length] ?? 'gray.6').replace('.', '-')})`,
              }}
            />
            {METHOD_LABELS[m.method] ?? m.method}
          </span>,
          m.count.toLocaleString(),
          formatUsd(m.cents),
        ])}
        total={[
          'Total',
          rows.reduce((s, m) => s + m.count, 0).toLocaleString(),
          formatUsd(rows.reduce((s, m) => s + m.cents, 0)),
        ]}
      />
    </>
  );
}

export function OrdersByStatus({ report }: { report: Report }) {
  const rows = report.ordersByStatus;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No orders placed in this period.
      </Text>
    );
  return (
    <>
      <BarChart
        // Bars run sideways so every status name fits beside its bar in a half-width column.
        h={rows.length * 24 + 40}
        orientation="vertical"
        data={rows.map((s) => ({
          status: isStatus(s.status) ? statusLabels[s.status] : s.status,
          orders: s.count,
          color: !isStatus(s.status)
            ? 'gray'
            : s.status === 'pending'
              ? PENDING_YELLOW
              : statusColors[s.status],
        }))}
        dataKey="status"
        series={[{ name: 'orders', label: 'Orders', color: 'violet.6' }]}
        xAxisProps={{ allowDecimals: false }}
        yAxisProps={{ width: 76 }}
        barProps={{ isAnimationActive: false }}
        maxBarWidth={20}
        gridAxis="y"
        {...CHART_INK}
      />
      <TotalsTable
        head={['Status', 'Orders']}
        rows={rows.map((s) => [
          isStatus(s.status) ? statusLabels[s.status] : s.status,
          s.count.toLocaleString(),
        ])}
        total={['Total', rows.reduce((sum, s) => sum + s.count, 0).toLocaleString()]}
      />
    </>
  );
}

export function TopProducts({ report }: { report: Report }) {
  const rows = report.topProducts;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No paid orders in this period.
      </Text>
    );
  return (
    <>
      <BarChart
        h={Math.max(120, rows.length * 30 + 40)}
        data={rows.map((p) => ({ product: p.name, revenue: dollars(p.revenueCents) }))}
        dataKey="product"
        orientation="vertical"
        series={[{ name: 'revenue', label: 'Revenue', color: 'violet.6' }]}
        valueFormatter={usd}
        xAxisProps={{ tickFormatter: usdTick }}
        yAxisProps={{ width: 170 }}
        barProps={{ isAnimationActive: false }}
        gridAxis="y"
        {...CHART_INK}
      />
      <TotalsTable
        head={['Product', 'SKU', 'Sold', 'Revenue']}
        rows={rows.map((p) => [
          p.name,
          p.sku,
          p.quantity.toLocaleString(),
          formatUsd(p.revenueCents),
        ])}
      />
    </>
  );
}
