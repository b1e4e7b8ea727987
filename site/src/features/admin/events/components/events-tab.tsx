import {
  Alert,
  Button,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { eventMessages as m } from '@studio/shared/messages/events';
import { httpMessages } from '@studio/shared/messages/http';
import { IconAlertTriangle, IconCalendarOff, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { useAdminOpenHandler } from '../../admin-navigation';
import { ADMIN_TOAST } from '../../admin-toast';
import { type AdminEvent, useAdminEvents } from '../api/list-admin-events';
import { DeleteEventModal } from './delete-event-modal';
import { EventCard } from './event-card';
import { EventFormModal } from './event-form-modal';

/** Which modal shows which event; the event stays while a modal fades out, so its text does too. */
interface ModalState {
  opened: boolean;
  event: AdminEvent | null;
}
const CLOSED: ModalState = { opened: false, event: null };

/** Events tab (spec 2): event cards with edit and delete, the create/edit modal. */
export function EventsTab() {
  const events = useAdminEvents();
  const [editing, setEditing] = useState<ModalState>(CLOSED);
  const [deleting, setDeleting] = useState<ModalState>(CLOSED);
  // Opened from another tab: the event's edit modal, once the list has it.
  useAdminOpenHandler('event', ({ id }) => {
    if (!events.data) return !events.isPending;
    const event = events.data.find((e) => e.id === id);
    if (event) setEditing({ opened: true, event });
    else toast.error(m.gone, ADMIN_TOAST);
  });

  // Spec 8: a failed list load is also a toast.
  useEffect(() => {
    if (events.isError) toast.error(m.fetchFailed, ADMIN_TOAST);
  }, [events.isError]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={2} fz="h3">
            Events
          </Title>
          <Text size="sm" c="dimmed">
            {events.data
              ? `${events.data.length} event${events.data.length === 1 ? '' : 's'}, latest date first`
              : 'Every event, past ones too'}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing({ opened: true, event: null })}
        >
          Create Event
        </Button>
      </Group>

      {events.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading events">
          <Skeleton height={380} radius="md" />
          <Skeleton height={380} radius="md" />
          <Skeleton height={380} radius="md" />
        </SimpleGrid>
      ) : events.isError ? (
        <Alert
          color="red"
          variant="light"
          title={m.fetchFailed}
          icon={<IconAlertTriangle aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {events.error.message === m.fetchFailed
                ? httpMessages.tryAgain
                : events.error.message}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void events.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : events.data.length === 0 ? (
        <EmptyState
          icon={<IconCalendarOff aria-hidden />}
          title="No events yet"
          description="Create the first one: it appears on the landing page's events list."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {events.data.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              onEdit={() => setEditing({ opened: true, event })}
              onDelete={() => setDeleting({ opened: true, event })}
            />
          ))}
        </SimpleGrid>
      )}

      <EventFormModal
        opened={editing.opened}
        event={editing.event}
        onClose={() => setEditing((m) => ({ ...m, opened: false }))}
      />
      <DeleteEventModal
        opened={deleting.opened}
        event={deleting.event}
        onClose={() => setDeleting((m) => ({ ...m, opened: false }))}
      />
    </Stack>
  );
}
