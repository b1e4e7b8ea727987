import { Text } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';

/** The investor pitch for the music-venue concept. */
export function EventSpacePage() {
  return (
    <PageShell title="Event Space">
      <Text>An investor pitch for a community music venue.</Text>
    </PageShell>
  );
}
