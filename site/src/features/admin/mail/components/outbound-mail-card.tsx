import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { mailMessages } from '@studio/shared/messages/mail';
import { mailPurposeLabels } from '@studio/shared/schemas/outbound-mail';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST, failureToast } from '../../admin-toast';
import type { AttentionMail } from '../api/list-attention-mail';
import { useResendMail } from '../api/resend-mail';
import { MailStatusBadge } from './mail-status-badge';
import classes from './outbound-mail-card.module.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const UNKNOWN_EXPLANATION =
  'The connection broke before the mail server answered: it may have arrived.';

/** One mail that failed or may not have arrived: what, to whom, why, and "Send again". */
export function OutboundMailCard({ mail }: { mail: AttentionMail }) {
  const resend = useResendMail();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const purpose = mailPurposeLabels[mail.purpose] ?? mail.purpose;
  const sendRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // The safe choice gets the focus, as in the dashboard's other confirmations; a cancel puts it
  // back on the button that asked.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (asked.current) sendRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  const sendAgain = async () => {
    try {
      await resend.mutateAsync(mail.id);
      toast.success(mailMessages.queuedAgain(purpose, mail.to), ADMIN_TOAST);
    } catch (error) {
      failureToast(mailMessages.resendFailed, error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} id={titleId}>
            {purpose}
          </Text>
          <MailStatusBadge status={mail.status} />
        </Group>
        {mail.status === 'unknown' && <Text size="sm">{UNKNOWN_EXPLANATION}</Text>}
        <dl className={classes.facts}>
          <dt>To</dt>
          <dd>{mail.to}</dd>
          <dt>Subject</dt>
          <dd>{mail.subject}</dd>
          <dt>Queued</dt>
          <dd>{when(mail.createdAt)}</dd>
          <dt>Attempts</dt>
          <dd>{mail.attempts}</dd>
          {mail.lastError && (
            <>
              <dt>Last error</dt>
              {/* Plain text: React escapes it, whatever the mail server answered. */}
              <dd className={classes.error}>{mail.lastError}</dd>
            </>
          )}
        </dl>
        {confirming ? (
          <Alert
            color="orange"
            variant="light"
            role="group"
            // The title names the group (Mantine labels the alert by its title).
            title="It may already have arrived; the recipient could get it twice."
            icon={<IconAlertTriangle aria-hidden />}
          >
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                size="xs"
                ref={cancelRef}
                onClick={() => setConfirming(false)}
              >
                Cancel
              </Button>
              <Button
                color="orange"
                // White on orange is below 4.5:1; dark text on it is not.
                autoContrast
                size="xs"
                loading={resend.isPending}
                onClick={() => void sendAgain()}
              >
                Send it again anyway
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="flex-end">
            <Button
              ref={sendRef}
              size="xs"
              variant="light"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={resend.isPending}
              disabled={resend.isSuccess}
              aria-label={`${resend.isSuccess ? 'Queued' : 'Send again'}: ${purpose} to ${mail.to}`}
              onClick={() => (mail.status === 'unknown' ? setConfirming(true) : void sendAgain())}
            >
              {resend.isSuccess ? 'Queued' : 'Send again'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
