import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { eventMessages as m } from '@studio/shared/messages/events';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { useDeleteEvent } from '../api/delete-event';
import type { AdminEvent } from '../api/list-admin-events';

/** Spec 7: an event is deleted only after the admin confirms. */
export function DeleteEventModal({
  opened,
  event,
  onClose,
}: {
  opened: boolean;
  event: AdminEvent | null;
  onClose: () => void;
}) {
  const remove = useDeleteEvent();
  const confirm = async () => {
    if (!event) return;
    try {
      await remove.mutateAsync(event.id);
      toast.success(m.deleted, ADMIN_TOAST);
      onClose();
    } catch {
      // Spec 8 gives one text for a failed delete, whatever the server said.
      toast.error(m.deleteFailed, ADMIN_TOAST);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete event?"
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          &ldquo;{event?.title}&rdquo; and its flyer will be removed from the site. This cannot be
          undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Keep event
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
