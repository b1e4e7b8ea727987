import { List, Stack, Table, Text } from '@mantine/core';
import { formatCount, formatDollars } from '../format-figures';
import {
  annualReturnPercent,
  fiveYearProjection,
  PROJECTION_YEARS,
  paybackMonths,
  teamMonthlyCost,
  type VenueFigures,
} from '../venue-figures';
import { BreakdownSection } from './breakdown-section';
import { BreakdownTable } from './breakdown-table';

/** The five pitch sections of spec 2 for the chosen venue, each with its breakdown. */
export function VenueSections({ venue }: { venue: VenueFigures }) {
  return (
    <Stack gap="lg">
      <BreakdownSection
        title="Startup Cost"
        figure={formatDollars(venue.startupCost)}
        summary={`One-time investment to open the ${formatCount(venue.squareFeet)} sq ft room, including a working-capital reserve.`}
      >
        <BreakdownTable
          caption={`Startup cost, ${venue.name.toLowerCase()}`}
          items={venue.startupBreakdown}
          totalLabel="Total startup cost"
        />
      </BreakdownSection>

      <BreakdownSection
        title="Monthly Revenue"
        figure={formatDollars(venue.monthlyRevenue)}
        summary="Expected revenue in a typical month once the venue is established."
      >
        <BreakdownTable
          caption={`Monthly revenue, ${venue.name.toLowerCase()}`}
          items={venue.revenueBreakdown}
          totalLabel="Total monthly revenue"
        />
      </BreakdownSection>

      <BreakdownSection
        title="Monthly Costs"
        figure={formatDollars(venue.monthlyCosts)}
        summary={`Operating costs in a typical month, including rent of ${formatDollars(venue.monthlyRent)}.`}
      >
        <BreakdownTable
          caption={`Monthly costs, ${venue.name.toLowerCase()}`}
          items={venue.costBreakdown}
          totalLabel="Total monthly costs"
        />
      </BreakdownSection>

      <BreakdownSection
        title="Team"
        figure={`${formatCount(venue.staff)} staff`}
        summary="The people who run the room, the bar and the shows."
      >
        <TeamTable venue={venue} />
      </BreakdownSection>

      <BreakdownSection
        title="Return on Investment"
        figure={`About ${venue.roiYears} years`}
        summary={`Time for the annual profit of ${formatDollars(venue.annualProfit)} to pay back the startup cost.`}
      >
        <RoiDetails venue={venue} />
      </BreakdownSection>
    </Stack>
  );
}

function TeamTable({ venue }: { venue: VenueFigures }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={6} highlightOnHover captionSide="top">
        <Table.Caption c="gray.4">Team, {venue.name.toLowerCase()}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col" ta="right">
              Staff
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Monthly cost
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {venue.team.map((r) => (
            <Table.Tr key={r.role}>
              <Table.Th scope="row" fw={400}>
                {r.role}
              </Table.Th>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatDollars(r.count * r.monthlyCost)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" fw={800}>
              {venue.staff}
            </Table.Td>
            <Table.Td ta="right" fw={800} style={{ whiteSpace: 'nowrap' }}>
              {formatDollars(teamMonthlyCost(venue.team))}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function RoiDetails({ venue }: { venue: VenueFigures }) {
  const fiveYear = fiveYearProjection(venue);
  return (
    <Stack gap="xs">
      <List spacing={6} size="sm">
        <List.Item>
          Monthly profit: {formatDollars(venue.monthlyRevenue)} revenue −{' '}
          {formatDollars(venue.monthlyCosts)} costs ={' '}
          <strong>{formatDollars(venue.monthlyProfit)}</strong>
        </List.Item>
        <List.Item>
          Annual profit: {formatDollars(venue.monthlyProfit)} × 12 ={' '}
          <strong>{formatDollars(venue.annualProfit)}</strong>
        </List.Item>
        <List.Item>
          Payback: {formatDollars(venue.startupCost)} ÷ {formatDollars(venue.annualProfit)} a year =
          about <strong>{venue.roiYears} years</strong> ({Math.ceil(paybackMonths(venue))} months)
        </List.Item>
        <List.Item>
          Annual return on the startup cost:{' '}
          <strong>{annualReturnPercent(venue).toFixed(1)}%</strong>
        </List.Item>
        <List.Item>
          Five-year projection: {formatDollars(venue.annualProfit)} × {PROJECTION_YEARS} ={' '}
          <strong>{formatDollars(fiveYear)}</strong>
        </List.Item>
        <List.Item>
          Five-year net after recovering the startup cost:{' '}
          <strong>{formatDollars(fiveYear - venue.startupCost)}</strong>
        </List.Item>
      </List>
      <Text size="xs" c="gray.5">
        Projections assume steady monthly results from opening and exclude taxes and financing
        costs.
      </Text>
    </Stack>
  );
}
