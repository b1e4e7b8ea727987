import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useAttentionMail } from '../api/list-attention-mail';
import { MailAttentionModal } from './mail-attention-modal';
import { mailAttentionSummary } from './mail-attention-summary';

/**
 * Shown only while some transactional mail failed or may not have arrived: how many, and a
 * "Review" button opening the list where the admin decides to send each again.
 */
export function MailAttentionNotice() {
  const [reviewing, setReviewing] = useState(false);
  const { data } = useAttentionMail(1);
  const counts = data?.counts ?? { failed: 0, unknown: 0 };

  return (
    <>
      {counts.failed + counts.unknown > 0 && (
        <Alert
          // Polite: it is there on every visit, and must not interrupt a screen reader.
          role="status"
          color="orange"
          variant="light"
          p="sm"
          icon={<IconMailExclamation aria-hidden />}
          className="admin-no-print"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{mailAttentionSummary(counts)}</Text>
            <Button
              size="xs"
              color="orange"
              // A light button on the light alert read as plain text; dark text keeps 4.5:1.
              autoContrast
              aria-label="Review the e-mails that need a look"
              onClick={() => setReviewing(true)}
            >
              Review
            </Button>
          </Group>
        </Alert>
      )}
      {/* Kept while the admin works through the list, even once the notice is gone. */}
      <MailAttentionModal opened={reviewing} onClose={() => setReviewing(false)} />
    </>
  );
}
