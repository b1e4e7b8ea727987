import { Alert, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import { downloadMessages } from '@studio/shared/messages/downloads';
import type { PendingUpload } from '../api/upload-product-file';
import { PickFileButton } from './pick-file-button';
import type { UploadView } from './use-product-file-upload';

/** The upload under way: percent, bytes and a bar, and Cancel. */
export function UploadProgress({
  view,
  onCancel,
}: {
  view: Exclude<UploadView, { phase: 'idle' }>;
  onCancel: () => void;
}) {
  if (view.phase === 'adding')
    return (
      <Paper withBorder radius="md" p="sm" role="status">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {`Adding ${view.name}: checking and storing the file…`}
          </Text>
        </Group>
      </Paper>
    );
  const percent = view.total > 0 ? Math.floor((view.sent / view.total) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Uploading ${view.name}`} component="section">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
            {`Uploading ${view.name}`}
          </Text>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel upload
          </Button>
        </Group>
        <Progress
          value={percent}
          size="lg"
          aria-label={`Upload of ${view.name}`}
          transitionDuration={200}
        />
        <Text size="xs" c="dimmed" data-upload-progress={percent} aria-live="polite">
          {`${percent}% · ${formatBytes(view.sent)} of ${formatBytes(view.total)}`}
          {view.waiting ? ' · Waiting for the connection…' : ''}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The upload this browser left unfinished: choose the same file to go on, or discard it. */
export function ResumeOffer({
  pending,
  onFile,
  onDiscard,
}: {
  pending: PendingUpload;
  onFile: (file: File) => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant="light" color="blue" title={`Resume upload of ${pending.name}`}>
      <Stack gap="xs">
        <Text size="sm">
          {downloadMessages.resumeOffer(pending.name)}
          {pending.replaces ? ` It replaces ${pending.replaces.name}.` : ''}
          {` (${formatBytes(pending.size)})`}
        </Text>
        <Group gap="xs">
          <PickFileButton size="xs" onFile={onFile}>
            {`Choose ${pending.name} again`}
          </PickFileButton>
          <Button size="xs" variant="default" onClick={onDiscard}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
