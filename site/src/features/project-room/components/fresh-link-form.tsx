import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { roomMessages } from '@studio/shared/messages/project-room';
import { roomLinkRequestSchema } from '@studio/shared/schemas/project-room';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useRequestRoomLink } from '../api/request-room-link';

const validate = schemaResolver(roomLinkRequestSchema, { sync: true });

/**
 * "Send me a fresh link": the room's link is mailed again to the address the project was
 * submitted with. The server answers the same for any address, and so does this form.
 */
export function FreshLinkForm({ projectId }: { projectId: string }) {
  const request = useRequestRoomLink(projectId);
  const [answer, setAnswer] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate });

  const submit = form.onSubmit(async ({ email }) => {
    setAnswer(null);
    setRefusal(null);
    try {
      setAnswer((await request.mutateAsync(email.trim())).message);
    } catch (e) {
      const onEmail = e instanceof ApiError && e.issues.find((issue) => issue.path === 'email');
      if (onEmail) form.setFieldError('email', onEmail.message);
      else setRefusal(e instanceof ApiError ? e.message : roomMessages.linkRequestFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Send me a fresh link">
      <Stack gap="sm">
        <Text size="sm">{roomMessages.freshLinkHelp}</Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        {answer && (
          <Alert color="green" variant="light" role="status">
            {answer}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={request.isPending}
            leftSection={<IconMailForward size={16} aria-hidden />}
          >
            Send me a fresh link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
