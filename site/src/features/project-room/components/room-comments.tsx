import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { roomMessages } from '@studio/shared/messages/project-room';
import { formatTrackTime } from '@studio/shared/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatRoomDateTime } from '../../../components/project-room/room-dates';
import { useRoomPlayers } from '../../../components/project-room/room-players';
import classes from './room.module.css';

type Comment = ProjectRoom['comments'][number];

interface FileRef {
  name: string;
  version: number;
  /** It has a player in the page (a preview with its URL). */
  playable: boolean;
}

function filesById(room: ProjectRoom): Map<string, FileRef> {
  const files = new Map<string, FileRef>();
  for (const v of room.versions) {
    for (const f of v.files) {
      files.set(f.id, {
        name: f.name,
        version: v.number,
        playable: f.kind === 'preview' && f.url !== null,
      });
    }
  }
  return files;
}

/** "1:23 in v2 · mix.wav": the time a button that seeks that file's player there. */
function PinnedAt({ comment, file }: { comment: Comment; file: FileRef | undefined }) {
  const players = useRoomPlayers();
  const at = formatTrackTime(comment.atSeconds ?? 0);
  const where = file ? `in v${file.version} · ${file.name}` : '';
  return (
    <Group gap={6} wrap="nowrap" className={classes.pinned}>
      {file?.playable && comment.fileId && comment.atSeconds !== null ? (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlayerPlayFilled size={12} aria-hidden />}
          aria-label={`Play ${file.name} from ${at}`}
          onClick={() => players.seek(comment.fileId as string, comment.atSeconds as number)}
        >
          {at}
        </Button>
      ) : (
        <Text size="sm" fw={600}>
          {at}
        </Text>
      )}
      <Text size="sm" c="dimmed" truncate>
        {where}
      </Text>
    </Group>
  );
}

/** The thread, oldest first: the client's and the studio's comments, some pinned in a track. */
export function RoomComments({ room }: { room: ProjectRoom }) {
  if (room.comments.length === 0) return <Text c="dimmed">{roomMessages.noComments}</Text>;
  const files = filesById(room);
  return (
    <ol className={classes.comments} aria-label="Comments">
      {room.comments.map((comment) => (
        <li key={comment.id} className={classes.comment}>
          <Stack gap={4}>
            <Group gap="xs" justify="space-between">
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {comment.authorName}
                </Text>
                {comment.author === 'studio' && (
                  <Badge size="xs" variant="light" color="violet">
                    Studio
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                <time dateTime={comment.createdAt}>{formatRoomDateTime(comment.createdAt)}</time>
              </Text>
            </Group>
            {comment.fileId && comment.atSeconds !== null && (
              <PinnedAt comment={comment} file={files.get(comment.fileId)} />
            )}
            {/* Plain text: a React text node, line breaks kept by CSS. */}
            <Text size="sm" className={classes.plainText}>
              {comment.body}
            </Text>
          </Stack>
        </li>
      ))}
    </ol>
  );
}
