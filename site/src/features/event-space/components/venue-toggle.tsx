import { Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatCount } from '../format-figures';
import { type VenueId, venues } from '../venue-figures';

interface VenueToggleProps {
  value: VenueId;
  onChange: (value: VenueId) => void;
}

/** The choice between the two venue layouts (spec 2), as a radio group. */
export function VenueToggle({ value, onChange }: VenueToggleProps) {
  return (
    <SegmentedControl
      aria-label="Venue option"
      fullWidth
      size="md"
      radius="md"
      color="violet"
      value={value}
      onChange={(v) => onChange(v as VenueId)}
      data={venues.map((venue) => ({
        value: venue.id,
        label: (
          <Stack gap={2} align="center" py={4}>
            <Group gap={6} justify="center">
              <Text fw={700} size="sm" inherit>
                {venue.name}
              </Text>
              {venue.recommended && (
                <Badge size="xs" color="teal.9" variant="filled">
                  Recommended
                </Badge>
              )}
            </Group>
            <Text size="xs" inherit>
              {formatCount(venue.squareFeet)} sq ft
            </Text>
          </Stack>
        ),
      }))}
    />
  );
}
