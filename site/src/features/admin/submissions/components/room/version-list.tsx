import { ActionIcon, Badge, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import type { ProjectRoom } from '@studio/shared/schemas/project-room';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { TrackPlayer } from '../../../../../components/project-room/track-player';
import { useApiUrl } from '../../../admin-context';
import { formatLocalDateTime } from '../submission-format';
import { RoomFileDownload } from './room-file-download';

type Version = ProjectRoom['versions'][number];
type VersionFile = Version['files'][number];

/** The SHA-256's first characters, enough to match by eye, with a button that copies it whole. */
function ShortSha256({ file }: { file: VersionFile }) {
  return (
    <Group gap={2} wrap="nowrap">
      <Text size="xs" c="dimmed" ff="monospace" data-sha256={file.sha256}>
        {`SHA-256 ${file.sha256.slice(0, 12)}…`}
      </Text>
      <CopyButton value={file.sha256}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy SHA-256'} withArrow>
            <ActionIcon
              size="sm"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy the SHA-256 of ${file.name}`}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function FileRow({ file }: { file: VersionFile }) {
  const apiUrl = useApiUrl();
  const preview = file.kind === 'preview';
  return (
    <Stack gap={4} component="li" aria-label={file.name} data-version-file={file.id}>
      <Group justify="space-between" gap="xs" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Badge size="sm" variant="outline" color={preview ? 'blue' : 'grape'}>
              {preview ? 'Preview' : 'Final'}
            </Badge>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {file.name}
            </Text>
          </Group>
          <Group gap="xs" style={{ rowGap: 0 }}>
            <Text size="xs" c="dimmed">
              {formatBytes(file.sizeBytes)}
            </Text>
            <ShortSha256 file={file} />
          </Group>
        </Stack>
        {!preview && file.url && <RoomFileDownload name={file.name} url={file.url} />}
      </Group>
      {preview && file.url && (
        <TrackPlayer file={{ id: file.id, name: file.name, url: apiUrl(file.url) }} />
      )}
    </Stack>
  );
}

/** The versions shared, newest first: number, date, note, and each file to play or download. */
export function VersionList({ versions }: { versions: ProjectRoom['versions'] }) {
  if (versions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No version shared yet.
      </Text>
    );
  return (
    <Stack gap="sm">
      {[...versions].reverse().map((version) => (
        <Paper
          key={version.id}
          withBorder
          radius="md"
          p="sm"
          component="article"
          aria-label={`Version ${version.number}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{`v${version.number}`}</Text>
              <Text size="xs" c="dimmed">
                {formatLocalDateTime(version.createdAt)}
              </Text>
            </Group>
            {version.note && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {version.note}
              </Text>
            )}
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {version.files.map((file) => (
                <FileRow key={file.id} file={file} />
              ))}
            </Stack>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
