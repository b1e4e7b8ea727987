import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import { roomMessages } from '@studio/shared/messages/project-room';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { IconDownload } from '@tabler/icons-react';
import { formatRoomDateTime } from '../../../components/project-room/room-dates';
import { TrackPlayer } from '../../../components/project-room/track-player';
import classes from './room.module.css';

type Version = ProjectRoom['versions'][number];
type VersionFile = Version['files'][number];

/** Where a comment is pinned, as the comment form shows it. */
export interface Pin {
  fileId: string;
  fileName: string;
  atSeconds: number;
}

function FinalFile({ file, payUrl }: { file: VersionFile; payUrl: string | null }) {
  if (file.url) {
    return (
      <Button
        component="a"
        href={file.url}
        download={file.name}
        variant="light"
        size="sm"
        leftSection={<IconDownload size={16} aria-hidden />}
        aria-label={`Download ${file.name}`}
        className={classes.fileAction}
      >
        Download
      </Button>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {roomMessages.payToReceive}{' '}
      {payUrl && (
        <Anchor href={payUrl} underline="always">
          Pay for your project
        </Anchor>
      )}
    </Text>
  );
}

function FileRow({
  file,
  payUrl,
  onPin,
}: {
  file: VersionFile;
  payUrl: string | null;
  onPin: (pin: Pin) => void;
}) {
  const { url } = file;
  return (
    <li className={classes.file}>
      {/* A locked final's "Pay to receive" goes under the name when the row is narrow. */}
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={0} miw={0} className={classes.fileTitle}>
          <Text fw={600} className={classes.fileName}>
            {file.name}
          </Text>
          <Text size="sm" c="dimmed">
            {file.kind === 'final' ? 'Final' : 'Preview'} · {formatBytes(file.sizeBytes)}
          </Text>
        </Stack>
        {file.kind === 'final' && <FinalFile file={file} payUrl={payUrl} />}
      </Group>
      {file.kind === 'preview' &&
        (url ? (
          <TrackPlayer
            file={{ id: file.id, name: file.name, url }}
            onCommentAt={(atSeconds) => onPin({ fileId: file.id, fileName: file.name, atSeconds })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {roomMessages.fileUnavailable}
          </Text>
        ))}
    </li>
  );
}

function VersionCard({
  version,
  latest,
  payUrl,
  onPin,
}: {
  version: Version;
  latest: boolean;
  payUrl: string | null;
  onPin: (pin: Pin) => void;
}) {
  const headingId = `version-${version.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="article"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h4" id={headingId}>
              v{version.number}
            </Title>
            {latest && (
              <Badge size="sm" variant="light" color="violet">
                Latest
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Shared <time dateTime={version.createdAt}>{formatRoomDateTime(version.createdAt)}</time>
          </Text>
        </Group>
        {version.note && <Text className={classes.plainText}>{version.note}</Text>}
        <ul className={classes.files} aria-label={`Files of v${version.number}`}>
          {version.files.map((file) => (
            <FileRow key={file.id} file={file} payUrl={payUrl} onPin={onPin} />
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}

/** The versions the studio shared, newest first: the one to review is on top. */
export function RoomVersions({ room, onPin }: { room: ProjectRoom; onPin: (pin: Pin) => void }) {
  if (room.versions.length === 0) {
    return <Text c="dimmed">{roomMessages.noVersionsYet}</Text>;
  }
  const newestFirst = [...room.versions].sort((a, b) => b.number - a.number);
  return (
    <Stack gap="md">
      {newestFirst.map((version, i) => (
        <VersionCard
          key={version.id}
          version={version}
          latest={i === 0}
          payUrl={room.payUrl}
          onPin={onPin}
        />
      ))}
    </Stack>
  );
}
