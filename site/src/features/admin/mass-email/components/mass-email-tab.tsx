import { Group, Stack, Text, Title } from '@mantine/core';
import { ExportButton } from '../../exports/components/export-buttons';
import { BlastComposer } from './blast-composer';
import { BlastHistory } from './blast-history';

/** Mass Email tab (spec 2): the form with its preview, then the history of blasts. */
export function MassEmailTab() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={0} style={{ flex: '1 1 20rem' }}>
          <Title order={2} fz="h3">
            Mass Email
          </Title>
          <Text size="sm" c="dimmed">
            Send one e-mail to a list of addresses. Unsubscribed newsletter readers are skipped, and
            every e-mail carries an unsubscribe link.
          </Text>
        </Stack>
        {/* Every newsletter address with its consent: pending, confirmed or unsubscribed. */}
        <ExportButton choice={{ kind: 'subscribers', query: {} }} label="Export subscribers" />
      </Group>
      <BlastComposer />
      <BlastHistory />
    </Stack>
  );
}
