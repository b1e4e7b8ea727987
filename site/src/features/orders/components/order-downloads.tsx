import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import { downloadMessages as m } from '@studio/shared/messages/downloads';
import type { OrderDownloadAnswer } from '@studio/shared/schemas/downloads';
import { IconDownload } from '@tabler/icons-react';
import { Fragment } from 'react';
import { business } from '../../../config/business';
import { useDownloadOrderFile } from '../api/download-order-file';
import type { MyOrder } from '../api/get-my-order';
import { formatOrderDate } from '../order-format';

type ProductDownloads = OrderDownloadAnswer;
type OrderFile = ProductDownloads['files'][number];

/** A text with the studio's address in it, the address a link to write to it. */
function WithEmailLink({ text }: { text: string }) {
  const parts = text.split(business.email);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <Anchor
          href={`mailto:${business.email}`}
          underline="always"
          c="inherit"
          fz="inherit"
          fw={600}
        >
          {business.email}
        </Anchor>
      )}
    </Fragment>
  ));
}

/** Where access to one product's files stands: waiting, ready (until when), or over and why. */
function AccessState({ line }: { line: ProductDownloads }) {
  switch (line.state) {
    case 'awaiting-payment':
      return (
        <Text size="sm" c="dimmed">
          {m.filesAfterPayment}
        </Text>
      );
    case 'ready':
      return (
        <Text size="sm">
          {m.filesReady}
          {line.expiresAt && ` ${m.filesUntil(formatOrderDate(line.expiresAt))}`}
        </Text>
      );
    case 'expired':
    case 'revoked':
      return (
        // A standing note, not news: role "alert" would be read out on arrival.
        <Alert color="yellow" variant="light" role="note" p="sm">
          <Text size="sm">
            <WithEmailLink
              text={
                line.state === 'expired'
                  ? m.expired(formatOrderDate(line.expiresAt ?? ''), business.email)
                  : m.revoked(business.email)
              }
            />
          </Text>
        </Alert>
      );
  }
}

function downloadsLeftText(line: ProductDownloads, file: OrderFile): string {
  if (file.downloadsLeft === null) return m.unlimitedDownloads;
  return m.downloadsLeft(file.downloadsLeft, line.downloadLimit ?? file.downloadsLeft);
}

interface FileRowProps {
  line: ProductDownloads;
  file: OrderFile;
  downloading: boolean;
  onDownload(): void;
}

function FileRow({ line, file, downloading, onDownload }: FileRowProps) {
  const ready = line.state === 'ready';
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="nowrap" py={6}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatBytes(file.sizeBytes)}
          {ready && ` · ${downloadsLeftText(line, file)}`}
        </Text>
      </Stack>
      {ready && (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={onDownload}
          // Which file: every row's button says "Download" on screen.
          aria-label={`Download ${file.name}`}
          style={{ flexShrink: 0 }}
        >
          Download
        </Button>
      )}
    </Group>
  );
}

/**
 * The order's "Your files" (decision 045): per digital product where its access stands and
 * its files, each with its size, the downloads left and a Download button. The browser saves
 * the file itself (use-download-order-file); a refusal shows above, in the server's words.
 */
export function OrderDownloads({ order }: { order: MyOrder }) {
  const download = useDownloadOrderFile(order);
  return (
    <Stack gap="lg">
      {download.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={m.downloadRefusedTitle}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => download.reset()}
        >
          <WithEmailLink text={download.error.message} />
        </Alert>
      )}
      {order.downloads.map((line) => (
        <Stack key={line.productId} gap="xs">
          <Title order={3} size="h5">
            {line.productName}
          </Title>
          <AccessState line={line} />
          {line.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              <WithEmailLink text={m.noFilesYet(business.email)} />
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`Files of ${line.productName}`}
            >
              {line.files.map((file) => (
                <FileRow
                  key={file.id}
                  line={line}
                  file={file}
                  downloading={download.isPending && download.variables === file.id}
                  onDownload={() => download.mutate(file.id)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
