import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import { formatTrackTime, roomLimits } from '@studio/shared/project-room';
import { type ProjectRoom, roomCommentInputSchema } from '@studio/shared/schemas/project-room';
import { type FormEvent, useState } from 'react';
import { useRoomPlayers } from '../../../../../components/project-room/room-players';
import { toast } from '../../../../../lib/toast';
import { ADMIN_TOAST } from '../../../admin-toast';
import { errorMessage } from '../../../api/admin-result';
import { usePostRoomComment } from '../../api/post-room-comment';

const MAX = roomLimits.maxCommentChars;

/**
 * The studio's answer in the thread: plain text up to 2,000 characters with its count, pinned,
 * if the admin chooses a preview, at the second that preview's player is at.
 */
export function CommentForm({ room }: { room: ProjectRoom }) {
  const post = usePostRoomComment();
  const players = useRoomPlayers();
  const [body, setBody] = useState('');
  const [fileId, setFileId] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const previews = room.versions.flatMap((v) =>
    v.files
      .filter((f) => f.kind === 'preview' && f.url)
      .map((f) => ({ value: f.id, label: `v${v.number} · ${f.name}` })),
  );
  const playerTime = (id: string) => Math.floor(players.currentTime(id) ?? 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const input = {
      body,
      ...(fileId ? { fileId, atSeconds: at } : {}),
    };
    const parsed = roomCommentInputSchema.safeParse(input);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? m.commentEmpty);
      return;
    }
    setInvalid(null);
    post.mutate(
      { id: room.id, comment: parsed.data },
      {
        onSuccess: (answer) => {
          toast.success(answer.message, ADMIN_TOAST);
          setBody('');
          setFileId(null);
        },
        onError: (error) => setRefusal(errorMessage(error, m.commentFailed)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Answer in the thread">
      <Stack gap="xs">
        <Textarea
          label="Your answer"
          description={`${body.length.toLocaleString('en-US')} / ${MAX.toLocaleString('en-US')} characters`}
          value={body}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setInvalid(null);
          }}
          maxLength={MAX}
          error={invalid}
          autosize
          minRows={2}
          maxRows={10}
        />
        {previews.length > 0 && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Pin to a time in"
              placeholder="No file: a general comment"
              data={previews}
              value={fileId}
              onChange={(id) => {
                setFileId(id);
                if (id) setAt(playerTime(id));
              }}
              clearable
              style={{ flex: '1 1 14rem', minWidth: 0 }}
              comboboxProps={{ withinPortal: true }}
            />
            {fileId && (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace" aria-live="polite" data-pin-at={at}>
                  {`At ${formatTrackTime(at)}`}
                </Text>
                <Button size="xs" variant="default" onClick={() => setAt(playerTime(fileId))}>
                  {"Use the player's time"}
                </Button>
              </Group>
            )}
          </Group>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={post.isPending}>
            Post answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
