import {
  Box,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { eventMessages as m } from '@studio/shared/messages/events';
import { eventFlyerProblem, eventFormSchema } from '@studio/shared/schemas/events';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ResponsiveImage } from '../../../../components/ui/responsive-image';
import { toast } from '../../../../lib/toast';
import { useApiUrl } from '../../admin-context';
import { ADMIN_TOAST } from '../../admin-toast';
import type { AdminEvent } from '../api/list-admin-events';
import { useSaveEvent } from '../api/save-event';
import { fromLocalInput, toLocalInput } from '../event-dates';

interface EventFormValues {
  title: string;
  description: string;
  /** The `datetime-local` value, in the admin's zone. */
  date: string;
  location: string;
  ticketLink: string;
  flyer: File | null;
}

const schemaErrors = schemaResolver(eventFormSchema, { sync: true });

function initialValues(event: AdminEvent | null): EventFormValues {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: event ? toLocalInput(event.date) : '',
    location: event?.location ?? '',
    ticketLink: event?.ticketLink ?? '',
    flyer: null,
  };
}

/** A preview URL for the chosen image, revoked when it changes or the modal closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface EventFormModalProps {
  opened: boolean;
  /** The event being edited; null is create mode (spec 4). */
  event: AdminEvent | null;
  onClose: () => void;
}

/** Spec 4 and 5: the create/edit event modal. */
export function EventFormModal({ opened, event, onClose }: EventFormModalProps) {
  const save = useSaveEvent();
  const mode = event ? 'edit' : 'create';
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      title={mode === 'edit' ? 'Edit Event' : 'Create Event'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Keyed by the event so each opening starts from that event's values. */}
      <EventForm key={event?.id ?? 'new'} event={event} onDone={onClose} save={save} />
    </Modal>
  );
}

function EventForm({
  event,
  onDone,
  save,
}: {
  event: AdminEvent | null;
  onDone: () => void;
  save: ReturnType<typeof useSaveEvent>;
}) {
  const mode = event ? 'edit' : 'create';
  const form = useForm<EventFormValues>({
    initialValues: initialValues(event),
    // The shared schema gives the server's messages; the flyer is checked apart (spec 5).
    validate: (values) => {
      const errors = schemaErrors(values);
      const flyerProblem = eventFlyerProblem(values.flyer, mode);
      if (flyerProblem) errors.flyer = flyerProblem;
      return errors;
    },
  });
  const preview = useObjectUrl(form.values.flyer);
  const resolve = useApiUrl();

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: event?.id ?? null,
        input: { ...values, date: fromLocalInput(values.date) },
      });
      toast.success(mode === 'edit' ? m.updated : m.created, ADMIN_TOAST);
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : m.saveFailed, ADMIN_TOAST);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          maxLength={200}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Date and time"
            type="datetime-local"
            withAsterisk
            description="In your local time"
            {...form.getInputProps('date')}
          />
          <TextInput
            label="Location"
            description="Optional"
            maxLength={200}
            {...form.getInputProps('location')}
          />
        </SimpleGrid>
        <TextInput
          label="Ticket link"
          type="url"
          description="Optional; a full address starting with https://"
          placeholder="https://tickets.example.com/..."
          {...form.getInputProps('ticketLink')}
        />
        <Group align="flex-start" gap="md" wrap="nowrap">
          <FileInput
            label="Flyer"
            withAsterisk={mode === 'create'}
            description={
              mode === 'edit'
                ? 'JPEG, at most 5 MB. Leave empty to keep the current flyer.'
                : 'JPEG, at most 5 MB'
            }
            placeholder="Choose a JPEG image"
            accept="image/jpeg"
            clearable
            leftSection={<IconPhoto size={16} aria-hidden />}
            style={{ flex: 1 }}
            {...form.getInputProps('flyer')}
            onChange={(file) => {
              form.setFieldValue('flyer', file);
              // Judged at once, so a wrong file is pointed out before the rest is filled in.
              const problem = file ? eventFlyerProblem(file, mode) : null;
              if (problem) form.setFieldError('flyer', problem);
              else form.clearFieldError('flyer');
            }}
          />
          {preview ? (
            <Image
              src={preview}
              alt="Preview of the chosen flyer"
              w={96}
              h={96}
              radius="sm"
              fit="cover"
              mt={24}
            />
          ) : (
            event?.flyer && (
              <Box mt={24}>
                <ResponsiveImage
                  image={event.flyerImage ?? { url: event.flyer }}
                  alt="Current flyer"
                  sizes="96px"
                  resolve={resolve}
                  style={{
                    display: 'block',
                    width: 96,
                    height: 96,
                    objectFit: 'cover',
                    borderRadius: 'var(--mantine-radius-sm)',
                  }}
                  fallback={null}
                />
              </Box>
            )
          )}
        </Group>
        {save.isPending && (
          <Text size="sm" c="dimmed" role="status">
            Saving the event...
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mode === 'edit' ? 'Save changes' : 'Create Event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
