import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { roomMessages } from '@studio/shared/messages/project-room';
import { roomLimits } from '@studio/shared/project-room';
import { clientMoveInputSchema, type ProjectRoom } from '@studio/shared/schemas/project-room';
import { IconCheck, IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { useMoveProject } from '../api/move-project';
import type { RoomProof } from '../room-link';
import { RoomSection } from './room-section';

const notesRule = clientMoveInputSchema.options[0].shape.notes;
const validate = schemaResolver(z.object({ notes: notesRule }), { sync: true });
const count = (n: number) => n.toLocaleString('en-US');

type Move = ReturnType<typeof useMoveProject>;

/** Notes are required: the studio needs to know what to change. */
function RequestChanges({ move, onDone }: { move: Move; onDone: (message: string) => void }) {
  const form = useForm({ mode: 'controlled', initialValues: { notes: '' }, validate });
  const submit = form.onSubmit(async ({ notes }) => {
    try {
      const { message } = await move.mutateAsync({ to: 'changes_requested', notes });
      form.reset();
      onDone(message);
    } catch (e) {
      const onNotes = e instanceof ApiError && e.issues.find((issue) => issue.path === 'notes');
      if (onNotes) form.setFieldError('notes', onNotes.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Request changes">
      <Stack gap="sm">
        <Textarea
          label="What would you like changed?"
          withAsterisk
          description={`${count(form.values.notes.length)} / ${count(roomLimits.maxCommentChars)} characters`}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={roomLimits.maxCommentChars}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="default"
            loading={move.isPending && move.variables?.to === 'changes_requested'}
            leftSection={<IconMessage2 size={16} aria-hidden />}
          >
            Request changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Approve, after a confirmation: the client cannot take an approval back. */
function Approve({ move, onDone }: { move: Move; onDone: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const approve = async () => {
    try {
      const { message } = await move.mutateAsync({ to: 'approved' });
      onDone(message);
    } catch {
      // Shown by the panel, from the mutation's error.
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        color="green"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        Approve
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Approve this version?"
        size="sm"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The studio then prepares your final files. You can still write to them in the comments.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Not yet
            </Button>
            <Button color="green" loading={move.isPending} onClick={approve}>
              Approve
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * "Your review": the client's two moves, each shown only when the room says it is allowed now (a
 * version in review). The server's answer replaces the room; its message stays here.
 */
export function RoomMoves({
  room,
  projectId,
  proof,
}: {
  room: ProjectRoom;
  projectId: string;
  proof: RoomProof;
}) {
  const move = useMoveProject(projectId, proof);
  const [done, setDone] = useState<string | null>(null);
  const canRequest = room.moves.includes('changes_requested');
  const canApprove = room.moves.includes('approved');
  const refusal =
    move.error && !(move.error instanceof ApiError && move.error.issues.length > 0)
      ? move.error.message || roomMessages.moveFailed
      : null;
  // After a move there is none left to make, but its message stays until the page is left.
  if (!canRequest && !canApprove && !done) return null;
  return (
    <RoomSection title="Your review">
      <Stack gap="md">
        {done && (
          <Alert color="green" variant="light" role="status">
            {done}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        {canApprove && (
          <Group justify="space-between" gap="sm">
            <Text size="sm">{roomMessages.approveHint}</Text>
            <Approve move={move} onDone={setDone} />
          </Group>
        )}
        {canRequest && <RequestChanges move={move} onDone={setDone} />}
      </Stack>
    </RoomSection>
  );
}
