import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { business } from '../../../config/business';
import { PitchContactForm } from '../../contact/components/pitch-contact-form';
import { pitchContent } from '../pitch-content';
import { recommendedVenue, type VenueId, venueById } from '../venue-figures';
import { ExecutiveSummary } from './executive-summary';
import { KeyFigures } from './key-figures';
import { VenueSections } from './venue-sections';
import { VenueToggle } from './venue-toggle';

/** The investor pitch for the music-venue concept (spec 2). */
export function EventSpacePage() {
  // The recommended option first: it is the one the pitch argues for.
  const [venueId, setVenueId] = useState<VenueId>(recommendedVenue.id);
  const venue = venueById(venueId);
  return (
    <PageShell title="Event Space">
      <Stack gap={40}>
        <Text size="lg" c="gray.3">
          {pitchContent.intro}
        </Text>
        <ExecutiveSummary />
        <section aria-labelledby="pitch-options">
          <Stack gap="md">
            <Title order={2} id="pitch-options">
              Venue Options
            </Title>
            <VenueToggle value={venueId} onChange={setVenueId} />
            <KeyFigures venue={venue} />
          </Stack>
        </section>
        <VenueSections venue={venue} />
        <PitchContactForm
          subject="Event Space Investment Inquiry"
          recipient={business.pitchRecipient}
          description={pitchContent.contactDescription}
        />
      </Stack>
    </PageShell>
  );
}
