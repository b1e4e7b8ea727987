import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import { newsletterMessages } from '@studio/shared/messages/newsletter';
import { extractListAddresses, parseRecipients } from '@studio/shared/schemas/blasts';
import { IconFileUpload, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { useAdminHost } from '../../admin-context';
import { ADMIN_TOAST } from '../../admin-toast';
import { useLoadSubscribers } from '../api/load-subscribers';
import { mergeRecipients, plural } from '../recipients';

/**
 * The recipients box (spec 5): addresses split on commas and newlines, with a live count of the
 * valid ones; the subscriber list and a .txt/.csv list can be added to it.
 */
export function RecipientsField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const host = useAdminHost();
  const loadSubscribers = useLoadSubscribers();
  const [loading, setLoading] = useState(false);
  const { valid, invalid } = parseRecipients(value);

  const addSubscribers = async () => {
    setLoading(true);
    try {
      const { subscribers, count } = await loadSubscribers();
      onChange(mergeRecipients(value, subscribers));
      toast.success(m.subscribersLoaded(count), ADMIN_TOAST);
    } catch {
      toast.error(m.subscribersLoadFailed, ADMIN_TOAST);
    } finally {
      setLoading(false);
    }
  };

  const addList = async () => {
    const file = await host.pickTextFile({ extensions: ['txt', 'csv'] });
    if (!file) return;
    // Invalid entries are kept in the box too, so the admin sees (and can fix) them.
    const list = extractListAddresses(file.text);
    onChange(mergeRecipients(value, [...list.valid, ...list.invalid]));
    toast.success(m.emailListLoaded, ADMIN_TOAST);
  };

  return (
    <Stack gap={6}>
      <Textarea
        label="Recipients"
        withAsterisk
        description="E-mail addresses separated by commas or new lines"
        placeholder={'fan@example.com, friend@example.com\nsomeone@example.org'}
        autosize
        minRows={4}
        maxRows={10}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        disabled={disabled}
      />
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0} aria-live="polite">
          <Text size="sm" fw={600} c={valid.length > 0 ? 'teal.4' : 'dimmed'}>
            {plural(valid.length, 'valid recipient')}
          </Text>
          {invalid.length > 0 && (
            <Text size="xs" c="yellow.5" lineClamp={2}>
              {plural(invalid.length, 'entry', 'entries')} ignored: {invalid.join(', ')}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconUsers size={16} aria-hidden />}
            loading={loading}
            disabled={disabled}
            onClick={() => void addSubscribers()}
          >
            Load subscribers
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileUpload size={16} aria-hidden />}
            disabled={disabled}
            onClick={() => void addList()}
          >
            Upload list (.txt, .csv)
          </Button>
        </Group>
      </Group>
      {/* Sign-ups on the site confirm by mail (decision 025); a list the admin adds does not. */}
      <Text size="xs" c="dimmed">
        {newsletterMessages.listConsent}
      </Text>
    </Stack>
  );
}
