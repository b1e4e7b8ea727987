import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatTrackTime } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { useRoomPlayers } from '../../../../../components/project-room/room-players';
import { formatLocalDateTime } from '../submission-format';

type Comment = ProjectRoom['comments'][number];

/** The room's files by id, with their version's number: what a pinned comment points at. */
export function roomFiles(room: ProjectRoom) {
  return new Map(
    room.versions.flatMap((v) => v.files.map((f) => [f.id, { ...f, version: v.number }] as const)),
  );
}
type RoomFiles = ReturnType<typeof roomFiles>;

/** "1:23 in v2 · mix.wav": the time a button that plays the file from there, when it plays here. */
function PinnedAt({ comment, files }: { comment: Comment; files: RoomFiles }) {
  const players = useRoomPlayers();
  if (comment.fileId === null || comment.atSeconds === null) return null;
  const file = files.get(comment.fileId);
  const time = formatTrackTime(comment.atSeconds);
  const where = file ? ` in v${file.version} · ${file.name}` : '';
  const at = comment.atSeconds;
  const fileId = comment.fileId;
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      {file?.kind === 'preview' && file.url ? (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => players.seek(fileId, at)}
          aria-label={`Play ${file.name} from ${time}`}
          data-pinned-at={at}
        >
          {time}
        </Button>
      ) : (
        <Text size="xs" fw={600} ff="monospace">
          {time}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {where}
      </Text>
    </Group>
  );
}

/**
 * The thread, oldest first: the client's and the studio's comments as plain text (React text
 * nodes, line breaks kept), each pinned one with its time, which seeks that file's player.
 */
export function RoomThread({ room }: { room: ProjectRoom }) {
  if (room.comments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No comments yet.
      </Text>
    );
  const files = roomFiles(room);
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {room.comments.map((comment) => {
        const client = comment.author === 'client';
        return (
          <Paper
            key={comment.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            bg={client ? undefined : 'var(--mantine-color-default-hover)'}
            data-comment={comment.id}
            aria-label={`${comment.authorName}, ${formatLocalDateTime(comment.createdAt)}`}
          >
            <Stack gap={4}>
              <Group gap="xs" justify="space-between" align="flex-start">
                <Group gap={6} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {comment.authorName}
                  </Text>
                  <Badge size="xs" variant="light" color={client ? 'blue' : 'gray'}>
                    {client ? 'Client' : 'Studio'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatLocalDateTime(comment.createdAt)}
                </Text>
              </Group>
              <PinnedAt comment={comment} files={files} />
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
