import {
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import { roomLimits } from '@studio/shared/project-room';
import { versionShareSchema } from '@studio/shared/schemas/project-room';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useVersionShare } from './use-version-share';
import { VersionFileRow } from './version-file-row';

const noteSchema = versionShareSchema.shape.note;

/**
 * "Share a version": a note, files each marked Preview (played in the room) or Final (the
 * deliverable, downloadable once paid), their resumable uploads with progress and Cancel, then
 * Share. The API's limits are checked before a byte is sent.
 */
export function VersionForm({ submissionId }: { submissionId: string }) {
  const share = useVersionShare(submissionId);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const reset = useRef<() => void>(null);
  const editing = share.phase === 'editing';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteSchema.safeParse(note);
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message ?? m.versionNoteTooLong);
      return;
    }
    setNoteError(null);
    if (await share.share(parsed.data)) setNote('');
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="version-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4} size="h5" id="version-form-title">
            Share a version
          </Title>
          <Text size="sm" c="dimmed">
            {m.shareHint}
          </Text>
          <Textarea
            label="Note"
            placeholder="v2: vocal up 1 dB"
            description={`What changed, for the client. ${note.length} / ${roomLimits.maxVersionNoteChars}`}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setNoteError(null);
            }}
            maxLength={roomLimits.maxVersionNoteChars}
            error={noteError}
            disabled={!editing}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group gap="sm" wrap="wrap">
            <FileButton
              multiple
              resetRef={reset}
              disabled={!editing}
              onChange={(files) => {
                reset.current?.();
                share.add(files);
              }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  disabled={!editing}
                  leftSection={<IconUpload size={14} aria-hidden />}
                >
                  Add files
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {`Up to ${roomLimits.maxFilesPerVersion} files, each under ${formatBytes(roomLimits.maxFileBytes)}.`}
            </Text>
          </Group>
          {share.kept && editing && share.items.length === 0 && (
            <Alert variant="light" color="blue" title="An unfinished upload was kept">
              <Stack gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {`${share.kept.files.map((f) => f.name).join(', ') || 'No files'}: add the same files to go on from where they stopped, or discard it.`}
                </Text>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => void share.discardKept()}>
                    Discard
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {share.error && (
            <Alert color="red" variant="light" role="alert">
              {share.error}
            </Alert>
          )}
          {share.items.length > 0 && (
            <Stack
              gap="sm"
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Files of the version"
            >
              {share.items.map((item) => (
                <VersionFileRow
                  key={item.key}
                  item={item}
                  editing={editing}
                  onKind={(kind) => share.setKind(item.key, kind)}
                  onRemove={() => share.remove(item.key)}
                  onCancel={() => share.cancel(item.key)}
                />
              ))}
            </Stack>
          )}
          {share.phase === 'sharing' && (
            <Group gap="sm" wrap="nowrap" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Sharing: the server checks and stores the files…</Text>
            </Group>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={!editing} disabled={share.items.length === 0}>
              Share version
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
