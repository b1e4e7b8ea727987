import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatDollars } from '../format-figures';
import { fiveYearProjection, type VenueFigures } from '../venue-figures';

/** Every headline figure of spec 9 for the chosen venue, as a description list. */
export function KeyFigures({ venue }: { venue: VenueFigures }) {
  const figures: { term: string; value: string; accent?: boolean }[] = [
    { term: 'Size', value: `${formatCount(venue.squareFeet)} sq ft` },
    { term: 'Startup cost', value: formatDollars(venue.startupCost) },
    { term: 'Monthly revenue', value: formatDollars(venue.monthlyRevenue) },
    { term: 'Monthly costs', value: formatDollars(venue.monthlyCosts) },
    { term: 'Monthly profit', value: formatDollars(venue.monthlyProfit), accent: true },
    { term: 'Annual profit', value: formatDollars(venue.annualProfit), accent: true },
    { term: 'Return on investment', value: `About ${venue.roiYears} years` },
    { term: 'Staff', value: formatCount(venue.staff) },
    { term: 'Monthly rent', value: formatDollars(venue.monthlyRent) },
    { term: 'Five-year projection', value: formatDollars(fiveYearProjection(venue)), accent: true },
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
