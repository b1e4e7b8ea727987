import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import { roomLimits, type WorkStatus } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { useState } from 'react';
import { toast } from '../../../../../lib/toast';
import { ADMIN_TOAST } from '../../../admin-toast';
import { errorMessage } from '../../../api/admin-result';
import { useMoveSubmissionWork } from '../../api/move-submission-work';

/** Asks before a project is cancelled: there is no way back. */
function CancelConfirm({
  moving,
  onConfirm,
  onKeep,
}: {
  moving: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <Alert variant="light" color="red" title="Cancel this project?" role="alertdialog">
      <Stack gap="xs">
        <Text size="sm">{m.cancelConfirm}</Text>
        <Group gap="xs">
          <Button size="xs" color="red" loading={moving} onClick={onConfirm}>
            Yes, cancel project
          </Button>
          <Button size="xs" variant="default" disabled={moving} onClick={onKeep}>
            Keep it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The moves the studio may make now (the room's `moves`, so the API's rules decide), each a
 * button, with a note the client's e-mail carries; the API's message or refusal shown.
 */
export function WorkMoves({ room }: { room: ProjectRoom }) {
  const move = useMoveSubmissionWork();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (to: WorkStatus) => {
    setRefusal(null);
    const trimmed = note.trim();
    move.mutate(
      { id: room.id, move: { to, ...(trimmed ? { note: trimmed } : {}) } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message, ADMIN_TOAST);
          setNote('');
          setConfirming(false);
        },
        onError: (error) => {
          setRefusal(errorMessage(error, m.moveFailed));
          setConfirming(false);
        },
      },
    );
  };

  if (room.moves.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {room.workStatus === 'cancelled' ? m.cancelledProject : m.shareHint}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label="Note for the client"
        description={`Optional, sent with the change. ${note.length} / ${roomLimits.maxMoveNoteChars}`}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={roomLimits.maxMoveNoteChars}
        autosize
        minRows={1}
        maxRows={6}
      />
      <Group gap="xs">
        {room.moves.map((to) => (
          <Button
            key={to}
            size="xs"
            variant={to === 'cancelled' ? 'light' : 'filled'}
            color={to === 'cancelled' ? 'red' : undefined}
            loading={move.isPending && move.variables?.move.to === to}
            disabled={move.isPending}
            onClick={() => (to === 'cancelled' ? setConfirming(true) : send(to))}
          >
            {m.studioMoveLabel(to)}
          </Button>
        ))}
      </Group>
      {confirming && (
        <CancelConfirm
          moving={move.isPending}
          onConfirm={() => send('cancelled')}
          onKeep={() => setConfirming(false)}
        />
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
