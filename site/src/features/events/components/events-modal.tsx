import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { eventMessages } from '@studio/shared/messages/events';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCalendar,
  IconCalendarOff,
  IconMapPin,
  IconMusic,
  IconTicket,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { type LandingEvent, useEvents } from '../api/get-events';
import classes from './events-modal.module.css';

interface EventsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The flyer's drawn width: a 160 px column from 36em; on phones a 3:4 poster contained in a 4:3
 * frame as wide as the modal (about 80vw), so a little over half the viewport.
 */
const FLYER_SIZES = '(min-width: 36em) 160px, 60vw';

/** Spec 9: event dates in the visitor's local format. */
export function formatEventDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

/** The upcoming events, fetched only while open (spec 7), and the way to the event-space pitch. */
export function EventsModal({ opened, onClose }: EventsModalProps) {
  const events = useEvents({ enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Upcoming Events"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      classNames={{ title: classes.modalTitle }}
    >
      <Stack gap="lg">
        {events.isPending ? (
          // A status with words: an aria-label on a plain div is never read out.
          <Stack gap="md" role="status">
            <VisuallyHidden>Loading events</VisuallyHidden>
            <Skeleton height={160} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        ) : events.isError ? (
          <Alert
            color="red"
            variant="light"
            title={eventMessages.fetchFailed}
            icon={<IconAlertTriangle aria-hidden />}
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">Please check your connection and try again.</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void events.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : events.data.length === 0 ? (
          <EmptyState
            icon={<IconCalendarOff aria-hidden />}
            title="No upcoming events"
            description="Nothing is scheduled right now. Check back soon."
          />
        ) : (
          <Stack component="ul" gap="md" className={classes.list} aria-label="Upcoming events">
            {events.data.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </Stack>
        )}

        <Card withBorder radius="md" padding="md" className={classes.spaceCard}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="gray.3" className={classes.spaceText}>
              Planning something bigger? Read about our event-space concept.
            </Text>
            <Button
              component={Link}
              to="/event-space"
              variant="light"
              size="sm"
              rightSection={<IconArrowRight size={16} aria-hidden />}
              onClick={onClose}
            >
              Event Space
            </Button>
          </Group>
        </Card>
      </Stack>
    </Modal>
  );
}

function EventItem({ event }: { event: LandingEvent }) {
  return (
    <Card component="li" withBorder radius="md" padding={0} className={classes.event}>
      <Box className={classes.eventGrid}>
        <Box className={classes.flyer}>
          <ResponsiveImage
            image={event.flyerImage ?? (event.flyer ? { url: event.flyer } : null)}
            alt={`Flyer for ${event.title}`}
            sizes={FLYER_SIZES}
            className={classes.flyerImage}
            fallback={
              <Box className={classes.flyerFallback} aria-hidden>
                <IconMusic size={36} />
              </Box>
            }
          />
        </Box>
        <Stack gap={6} p="md">
          <Title order={3} fz="lg">
            {event.title}
          </Title>
          <Group gap={6} wrap="nowrap" c="violet.2">
            <IconCalendar size={16} aria-hidden />
            <Text size="sm" component="time" dateTime={event.date}>
              {formatEventDate(event.date)}
            </Text>
          </Group>
          {event.location && (
            <Group gap={6} wrap="nowrap" c="gray.4">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{event.location}</Text>
            </Group>
          )}
          <Text size="sm" c="gray.3" className={classes.description}>
            {event.description}
          </Text>
          {event.ticketLink && (
            <Group mt={4}>
              <Button
                component="a"
                href={event.ticketLink}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                variant="gradient"
                gradient={{ from: 'violet', to: 'grape' }}
                leftSection={<IconTicket size={16} aria-hidden />}
                aria-label={`Get tickets for ${event.title} (opens in a new tab)`}
              >
                Get Tickets
              </Button>
            </Group>
          )}
        </Stack>
      </Box>
    </Card>
  );
}
