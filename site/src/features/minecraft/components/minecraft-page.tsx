import { Paper, Stack, Text } from '@mantine/core';
import { PageShell } from '../../../components/ui/page-shell';
import { business } from '../../../config/business';
import { PitchContactForm } from '../../contact/components/pitch-contact-form';
import { minecraftContent } from '../minecraft-content';
import { CommunityGuidelines } from './community-guidelines';
import { CommunityLinks } from './community-links';
import { ConnectionSteps } from './connection-steps';
import { FeatureGrid } from './feature-grid';
import { ServerAddressCard } from './server-address-card';

/** The modded game-server promotion page (spec 2). */
export function MinecraftPage() {
  return (
    <PageShell title="Minecraft Server">
      <Stack gap={48}>
        <Paper
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          withBorder
          style={{
            background:
              'linear-gradient(135deg, rgba(121, 80, 242, 0.22), rgba(21, 170, 191, 0.14))',
          }}
        >
          <Stack gap="lg">
            <Text size="lg">{minecraftContent.intro}</Text>
            <ServerAddressCard />
            <CommunityLinks />
          </Stack>
        </Paper>
        <FeatureGrid />
        <ConnectionSteps />
        <CommunityGuidelines />
        <PitchContactForm
          subject="Minecraft Server Inquiry"
          recipient={business.pitchRecipient}
          description="Questions about the server, partnerships or sponsoring an event? Send us a message and we'll get back to you within 24 hours."
        />
      </Stack>
    </PageShell>
  );
}
