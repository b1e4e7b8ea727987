import { Stack, Text, Title } from '@mantine/core';
import { BlastComposer } from '../mass-email/components/blast-composer';
import { BlastHistory } from '../mass-email/components/blast-history';

/** Mass Email tab (spec 2): the form with its preview, then the history of blasts. */
export function MassEmailTab() {
  return (
    <Stack gap="lg">
      <Stack gap={0}>
        <Title order={2} fz="h3">
          Mass Email
        </Title>
        <Text size="sm" c="dimmed">
          Send one e-mail to a list of addresses. Unsubscribed newsletter readers are skipped, and
          every e-mail carries an unsubscribe link.
        </Text>
      </Stack>
      <BlastComposer />
      <BlastHistory />
    </Stack>
  );
}
