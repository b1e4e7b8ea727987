import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import classes from './events-banner.module.css';

// Loaded on first use, not with the page (the landing page's 250 KB script budget).
const loadEventsModal = () => import('./events-modal');
const EventsModal = lazy(() => loadEventsModal().then((m) => ({ default: m.EventsModal })));
const preloadEventsModal = () => void loadEventsModal();

/** The strip under the hero inviting visitors to the events; the list loads only when opened. */
export function EventsBanner() {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so later closings keep their exit transition.
  const [used, setUsed] = useState(false);
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
            onClick={() => {
              setUsed(true);
              open();
            }}
            onMouseEnter={preloadEventsModal}
            onFocus={preloadEventsModal}
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
          >
            View Events
          </Button>
        </Group>
      </Paper>
      {used && (
        <Suspense fallback={null}>
          <EventsModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </Container>
  );
}
