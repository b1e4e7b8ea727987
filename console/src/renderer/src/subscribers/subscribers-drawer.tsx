import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { newsletterMessages } from '@studio/shared/messages/newsletter';
import type { AdminHost } from '@studio/site/admin';
import { IconFileImport, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { type ImportResult, useImportSubscribers } from './import-subscribers.ts';
import { ListPreview } from './list-preview.tsx';
import { type ListPreview as Preview, parseSubscriberList } from './parse-subscriber-list.ts';

function resultText(r: ImportResult): string {
  const parts = [`${r.added} new subscriber${r.added === 1 ? '' : 's'} added.`];
  if (r.alreadySubscribed) parts.push(`${r.alreadySubscribed} were already subscribed.`);
  if (r.unsubscribed) {
    parts.push(`${r.unsubscribed} had unsubscribed and stay unsubscribed.`);
  }
  return parts.join(' ');
}

/**
 * Desktop only: a subscriber list from a CSV or TXT file on this computer. The file is chosen in
 * the system's open dialog and read by the main process; the console shows what it found before
 * anything is sent, then sends only the valid, de-duplicated addresses.
 */
export function SubscribersDrawer({
  host,
  opened,
  onClose,
}: {
  host: AdminHost;
  opened: boolean;
  onClose: () => void;
}) {
  const [file, setFile] = useState<{ name: string; preview: Preview } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const importing = useImportSubscribers(host);

  const choose = async () => {
    setPickError(null);
    try {
      const picked = await host.pickTextFile({ extensions: ['csv', 'txt'] });
      if (!picked) return;
      setFile({ name: picked.name, preview: parseSubscriberList(picked.text) });
      setResult(null);
      importing.reset();
    } catch (e) {
      setPickError(e instanceof Error ? e.message : 'The file could not be read');
    }
  };

  const send = (emails: string[]) =>
    importing.mutate(emails, {
      onSuccess: (r) => {
        setResult(r);
        notifications.show({ color: 'teal', message: resultText(r), autoClose: 4000 });
      },
    });

  const valid = file?.preview.valid ?? [];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>Import subscribers</Text>}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Adds the addresses in a CSV or TXT file on this computer to the newsletter list. Nobody is
          e-mailed, and addresses that unsubscribed stay unsubscribed.
        </Text>
        <Text size="sm">{newsletterMessages.importConsent}</Text>
        <Group>
          <Button leftSection={<IconFileImport size={18} />} variant="default" onClick={choose}>
            {file ? 'Choose another file…' : 'Choose a CSV or TXT file…'}
          </Button>
          {file && (
            <Text size="sm" fw={500}>
              {file.name}
            </Text>
          )}
        </Group>
        {pickError && (
          <Alert color="red" variant="light" role="alert">
            {pickError}
          </Alert>
        )}
        {file && <ListPreview preview={file.preview} />}
        {importing.error && (
          <Alert color="red" variant="light" role="alert" title="Not imported">
            {importing.error.message}
          </Alert>
        )}
        {result && (
          <Alert color="teal" variant="light" role="status" title="Imported">
            {resultText(result)}
          </Alert>
        )}
        {file && !result && (
          <Group justify="flex-end">
            <Button
              leftSection={<IconUpload size={18} />}
              disabled={valid.length === 0}
              loading={importing.isPending}
              onClick={() => send(valid.map((e) => e.email))}
            >
              Import {valid.length} address{valid.length === 1 ? '' : 'es'}
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
