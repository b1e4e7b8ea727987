import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { retryableImport, useRetryableImport } from '../../../lib/lazy-retry';
import classes from './events-banner.module.css';

// Loaded on first use, not with the page (the landing page's 250 KB script budget).
const eventsModal = retryableImport(() => import('./events-modal').then((m) => m.EventsModal));

/** The strip under the hero inviting visitors to the events; the list loads only when opened. */
export function EventsBanner() {
  const [opened, { open, close }] = useDisclosure(false);
  const [EventsModal, withEventsModal] = useRetryableImport(eventsModal);
  return (
    <Container size="lg" my="xl" component="aside" aria-labelledby="events-banner-title">
      <Paper className={classes.banner} radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Group justify="space-between" gap="lg" wrap="wrap">
          <Group gap="md" wrap="nowrap" align="flex-start" className={classes.copy}>
            <ThemeIcon
              size={48}
              radius="md"
              variant="gradient"
              gradient={{ from: 'grape', to: 'violet' }}
            >
              <IconCalendarEvent size={26} aria-hidden />
            </ThemeIcon>
            <Stack gap={4}>
              <Title order={2} id="events-banner-title" fz={{ base: 'lg', sm: 'xl' }}>
                Live sessions, workshops &amp; build nights
              </Title>
              <Text c="gray.4" size="sm">
                Meet the team and the community in person. See what is coming up next.
              </Text>
            </Stack>
          </Group>
          <Button
            size="md"
            variant="white"
            color="dark"
            onClick={() => withEventsModal(open)}
            onMouseEnter={eventsModal.preload}
            onFocus={eventsModal.preload}
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
          >
            View Events
          </Button>
        </Group>
      </Paper>
      {EventsModal && <EventsModal opened={opened} onClose={close} />}
    </Container>
  );
}
