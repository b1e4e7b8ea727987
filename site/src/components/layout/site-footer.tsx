import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { business } from '../../config/business';
import { BrandMark } from './brand-mark';

/** The footer on every page; its Admin link leads to /login (spec 2). */
export function SiteFooter() {
  return (
    <Container component="footer" size="lg" py="xl" mt="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <BrandMark size={24} />
          <Text fw={700}>{business.name}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {business.tagline}.
        </Text>
        <Group gap="md" component="nav" aria-label="Footer">
          <Anchor component={Link} to="/minecraft" size="sm">
            Minecraft Server
          </Anchor>
          <Anchor component={Link} to="/event-space" size="sm">
            Event Space
          </Anchor>
          <Anchor component={Link} to="/terms-of-service" size="sm">
            Terms of Service
          </Anchor>
          <Anchor component={Link} to="/privacy-policy" size="sm">
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Admin
          </Anchor>
        </Group>
        {/* Pre-rendered at build time: a new year may reach the visitor before a new build. */}
        <Text size="xs" c="dimmed" suppressHydrationWarning>
          © {new Date().getFullYear()} {business.name}. All rights reserved.
        </Text>
      </Stack>
    </Container>
  );
}
