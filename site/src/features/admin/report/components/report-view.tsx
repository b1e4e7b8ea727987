import { SimpleGrid, Text, Title } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import { business } from '../../../../config/business';
import type { Report } from '../api/get-report';
import { formatDay } from '../period';
import { OrdersByStatus, RevenueByDay, RevenueByMethod, TopProducts } from './report-charts';
import { Block, Figure, TotalsTable } from './report-parts';
import classes from './report-view.module.css';

function Submissions({ report }: { report: Report }) {
  const rows = report.submissionsByService;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No project submissions in this period.
      </Text>
    );
  return (
    <TotalsTable
      head={['Service', 'Submissions', 'Paid']}
      rows={rows.map((s) => [s.service, s.count.toLocaleString(), s.paidCount.toLocaleString()])}
      total={[
        'Total',
        rows.reduce((sum, s) => sum + s.count, 0).toLocaleString(),
        rows.reduce((sum, s) => sum + s.paidCount, 0).toLocaleString(),
      ]}
    />
  );
}

/** The printable report: headline figures, the four charts and their totals tables. */
export default function ReportView({
  report,
  generatedAt,
}: {
  report: Report;
  generatedAt: number;
}) {
  const orderCents = report.revenueByDay.reduce((s, d) => s + d.orderCents, 0);
  const projectCents = report.revenueByDay.reduce((s, d) => s + d.submissionCents, 0);
  const orders = report.ordersByStatus.reduce((s, o) => s + o.count, 0);
  return (
    <article className={classes.paper} aria-labelledby="admin-report-title">
      <header className={classes.head}>
        <Title order={2} id="admin-report-title" className={classes.title}>
          {`${business.name} sales report`}
        </Title>
        <Text size="sm">{`${formatDay(report.from)} – ${formatDay(report.to)}`}</Text>
        <Text size="xs" className={classes.muted}>
          {`Generated ${new Date(generatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}. Days are counted in UTC; revenue counts paid, processing, shipped and delivered orders and confirmed project payments.`}
        </Text>
      </header>

      {/* Measured on the sheet, not the screen, so the printed page keeps its four across. */}
      <SimpleGrid
        type="container"
        cols={{ base: 2, '480px': 4 }}
        spacing="xs"
        className={classes.figures}
      >
        <Figure label="Total revenue" value={formatUsd(report.totalRevenueCents)} />
        <Figure label="Shop orders" value={formatUsd(orderCents)} />
        <Figure label="Project payments" value={formatUsd(projectCents)} />
        <Figure label="Orders placed" value={orders.toLocaleString()} />
      </SimpleGrid>

      <Block title="Revenue by day">
        <RevenueByDay report={report} />
      </Block>
      <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="lg">
        <Block title="Revenue by payment method">
          <RevenueByMethod report={report} />
        </Block>
        <Block title="Orders by status">
          <OrdersByStatus report={report} />
        </Block>
      </SimpleGrid>
      <Block title="Top products">
        <TopProducts report={report} />
      </Block>
      <Block title="Project submissions by service">
        <Submissions report={report} />
      </Block>
    </article>
  );
}
