import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCalendar,
  IconEdit,
  IconExternalLink,
  IconMapPin,
  IconMusic,
  IconTrash,
} from '@tabler/icons-react';
import { useId } from 'react';
import { ResponsiveImage } from '../../../../components/ui/responsive-image';
import { useApiUrl } from '../../admin-context';
import type { AdminEvent } from '../api/list-admin-events';
import { formatEventDate, isPast } from '../event-dates';
import classes from './event-card.module.css';

/** A flyer is drawn at most 240 px tall: about 180 px wide for a portrait poster. */
const FLYER_SIZES = '320px';

/** One event in the admin grid (spec 2): flyer, title, date, location, ticket link, actions. */
export function EventCard({
  event,
  onEdit,
  onDelete,
}: {
  event: AdminEvent;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const resolve = useApiUrl();
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
    >
      <Card.Section className={classes.flyer}>
        {/* The whole flyer, not a crop: its text may be anywhere on it. */}
        <ResponsiveImage
          image={event.flyerImage ?? (event.flyer ? { url: event.flyer } : null)}
          alt={`Flyer for ${event.title}`}
          sizes={FLYER_SIZES}
          resolve={resolve}
          className={classes.flyerImage}
          fallback={
            <Box className={classes.flyerFallback} aria-hidden>
              <IconMusic size={40} />
            </Box>
          }
        />
        {isPast(event.date) && (
          <Badge className={classes.pastBadge} color="gray" variant="filled">
            Past
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="md" className={classes.body}>
        <Title order={3} fz="lg" id={titleId} lineClamp={2}>
          {event.title}
        </Title>
        <Group gap={6} wrap="nowrap" c="violet.3">
          <IconCalendar size={16} aria-hidden />
          <Text size="sm" component="time" dateTime={event.date}>
            {formatEventDate(event.date)}
          </Text>
        </Group>
        {event.location && (
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">{event.location}</Text>
          </Group>
        )}
        <Text size="sm" c="dimmed" lineClamp={3} className={classes.description}>
          {event.description}
        </Text>
        {event.ticketLink && (
          <Anchor
            href={event.ticketLink}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            className={classes.ticket}
          >
            <IconExternalLink size={14} aria-hidden /> Tickets
            <VisuallyHidden> for {event.title} (opens in a new tab)</VisuallyHidden>
          </Anchor>
        )}
      </Stack>
      <Group gap="xs" mt="md" grow>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={onEdit}
        >
          Edit
        </Button>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}
