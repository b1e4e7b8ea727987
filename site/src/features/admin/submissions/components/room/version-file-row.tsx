import { Button, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import type { VersionFileKind } from '@studio/shared/project-room';
import type { VersionFileItem } from './use-version-share';

const KINDS: { value: VersionFileKind; label: string }[] = [
  { value: 'preview', label: 'Preview' },
  { value: 'final', label: 'Final' },
];

/** The upload's percent, bytes and bar. */
function UploadBar({ item }: { item: VersionFileItem }) {
  const { name, size } = item.file;
  const sent = item.state === 'uploaded' ? size : item.sent;
  const percent = size > 0 ? Math.floor((sent / size) * 100) : 0;
  return (
    <Stack gap={2}>
      <Progress
        value={percent}
        size="md"
        aria-label={`Upload of ${name}`}
        transitionDuration={200}
      />
      <Text size="xs" c="dimmed" data-upload-progress={percent} aria-live="polite">
        {item.state === 'uploaded'
          ? `Uploaded · ${formatBytes(size)}`
          : `${percent}% · ${formatBytes(sent)} of ${formatBytes(size)}`}
        {item.waiting ? ' · Waiting for the connection…' : ''}
      </Text>
    </Stack>
  );
}

/**
 * A file of the version being shared: its name and size, Preview or Final, and either Remove
 * (before it is sent) or its upload's progress with Cancel.
 */
export function VersionFileRow({
  item,
  editing,
  onKind,
  onRemove,
  onCancel,
}: {
  item: VersionFileItem;
  /** No upload runs: the kind may change and the file be removed. */
  editing: boolean;
  onKind: (kind: VersionFileKind) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const { name, size } = item.file;
  return (
    <Stack gap={6} component="li" aria-label={name} data-chosen-file={name}>
      <Group justify="space-between" gap="xs" align="center">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 10rem' }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(size)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            data={KINDS}
            value={item.kind}
            onChange={(kind) => onKind(kind as VersionFileKind)}
            disabled={!editing}
            aria-label={`Kind of ${name}`}
          />
          {item.state === 'uploading' ? (
            <Button
              size="xs"
              variant="default"
              onClick={onCancel}
              aria-label={`Cancel upload of ${name}`}
            >
              Cancel
            </Button>
          ) : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={!editing}
              onClick={onRemove}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          )}
        </Group>
      </Group>
      {item.state !== 'ready' && <UploadBar item={item} />}
    </Stack>
  );
}
