import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatUsd } from '../format-usd';
import { fiveYearProjection, type VenueFigures } from '../venue-figures';

/** Every headline figure of spec 9 for the chosen venue, as a description list. */
export function KeyFigures({ venue }: { venue: VenueFigures }) {
  const figures: { term: string; value: string; accent?: boolean }[] = [
    { term: 'Size', value: `${formatCount(venue.squareFeet)} sq ft` },
    { term: 'Startup cost', value: formatUsd(venue.startupCost) },
    { term: 'Monthly revenue', value: formatUsd(venue.monthlyRevenue) },
    { term: 'Monthly costs', value: formatUsd(venue.monthlyCosts) },
    { term: 'Monthly profit', value: formatUsd(venue.monthlyProfit), accent: true },
    { term: 'Annual profit', value: formatUsd(venue.annualProfit), accent: true },
    { term: 'Return on investment', value: `About ${venue.roiYears} years` },
    { term: 'Staff', value: formatCount(venue.staff) },
    { term: 'Monthly rent', value: formatUsd(venue.monthlyRent) },
    { term: 'Five-year projection', value: formatUsd(fiveYearProjection(venue)), accent: true },
  ];
  return (
    <SimpleGrid
      component="dl"
      aria-label={`Key figures: ${venue.name}`}
      cols={{ base: 2, sm: 3, md: 5 }}
      spacing="sm"
      verticalSpacing="sm"
      m={0}
    >
      {figures.map(({ term, value, accent }) => (
        <Paper key={term} withBorder radius="md" p="sm" data-figure={term}>
          <Text component="dt" size="xs" c="gray.4" tt="uppercase" fw={600}>
            {term}
          </Text>
          <Text
            component="dd"
            m={0}
            mt={4}
            fw={800}
            fz={{ base: 'md', sm: 'lg' }}
            c={accent ? 'teal.3' : undefined}
          >
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
