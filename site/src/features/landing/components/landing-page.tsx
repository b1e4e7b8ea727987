import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';

/**
 * The landing page, also shown for every unknown path (the spec's catch-all `*`).
 * Header, hero, services, shop, contact, campaigns and the events banner come in later issues.
 */
export function LandingPage() {
  return (
    <PageShell title="Studio">
      <Text size="lg">Sound design, mixing, mastering and audio post-production.</Text>
      <Group>
        <Button component={Link} to="/minecraft" variant="light">
          Join the game server
        </Button>
      </Group>
    </PageShell>
  );
}
