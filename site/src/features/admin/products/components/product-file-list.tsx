import { ActionIcon, Button, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import type { ProductFileAnswer } from '@studio/shared/schemas/downloads';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formatOrderDateTime } from '../../../orders/order-display';
import { PickFileButton } from './pick-file-button';

/** The full SHA-256 in monospace, broken anywhere on a phone, with a button that copies it. */
function Sha256({ file }: { file: ProductFileAnswer }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        SHA-256
      </Text>
      <Text size="xs" ff="monospace" data-sha256 style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {file.sha256}
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

/** A digital product's current files: name, size, SHA-256 and date, with Replace and Remove. */
export function ProductFileList({
  files,
  busy,
  onReplace,
  onRemove,
}: {
  files: ProductFileAnswer[];
  /** An upload is under way: no other change until it ends. */
  busy: boolean;
  /** `chosen` is to take the place of `file`. */
  onReplace: (file: ProductFileAnswer, chosen: File) => void;
  onRemove: (file: ProductFileAnswer) => void;
}) {
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No files yet: buyers of this product have nothing to download.
      </Text>
    );
  return (
    <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file, i) => (
        <li
          key={file.id}
          data-file-id={file.id}
          aria-label={file.name}
          style={{
            padding: 'var(--mantine-spacing-sm)',
            borderTop: i > 0 ? '1px solid var(--mantine-color-default-border)' : undefined,
          }}
        >
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {`${formatBytes(file.sizeBytes)} · Uploaded ${formatOrderDateTime(file.createdAt)}`}
                </Text>
              </Stack>
              <Group gap="xs">
                <PickFileButton
                  size="xs"
                  variant="light"
                  disabled={busy}
                  aria-label={`Replace ${file.name}`}
                  onFile={(chosen) => onReplace(file, chosen)}
                >
                  Replace
                </PickFileButton>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  disabled={busy}
                  onClick={() => onRemove(file)}
                  aria-label={`Remove ${file.name}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
            <Sha256 file={file} />
          </Stack>
        </li>
      ))}
    </Paper>
  );
}
