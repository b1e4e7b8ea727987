import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { blastMessages } from '@studio/shared/messages/blasts';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST, failureToast } from '../../admin-toast';
import type { BlastProgress } from '../api/get-blast';
import { useResendUnknown } from '../api/resend-unknown';
import { useRetryBlast } from '../api/retry-blast';
import { plural } from '../recipients';

/**
 * A finished blast's second tries: the failed recipients (refused by the mail server), and those
 * whose result is unknown, which may have the e-mail already, so only after a confirmation.
 */
export function BlastActions({ blast }: { blast: BlastProgress['blast'] }) {
  const retry = useRetryBlast();
  const resend = useResendUnknown();
  const [confirming, setConfirming] = useState(false);
  const finished = blast.status === 'done';

  const retryFailed = async () => {
    try {
      const { retried } = await retry.mutateAsync(blast.id);
      // Ours: the spec has no retry.
      toast.success(blastMessages.retrying(plural(retried, 'failed recipient')), ADMIN_TOAST);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : blastMessages.retryFailed, ADMIN_TOAST);
    }
  };

  const resendUnknown = async () => {
    try {
      const { resent } = await resend.mutateAsync(blast.id);
      toast.success(blastMessages.resending(plural(resent, 'recipient')), ADMIN_TOAST);
    } catch (error) {
      failureToast(blastMessages.resendFailed, error);
    } finally {
      setConfirming(false);
    }
  };

  if (blast.failedCount === 0 && blast.unknownCount === 0) return null;
  return (
    <Group gap="xs">
      {blast.failedCount > 0 && (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={retry.isPending}
          disabled={!finished}
          onClick={() => void retryFailed()}
        >
          Retry failed ({blast.failedCount})
        </Button>
      )}
      {blast.unknownCount > 0 && (
        <Button
          size="xs"
          color="orange"
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={!finished}
          onClick={() => setConfirming(true)}
        >
          Resend to unknown ({blast.unknownCount})
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Resend to unknown recipients?"
        size="sm"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            We can’t tell whether {plural(blast.unknownCount, 'recipient')} got this e-mail. Some
            may get it twice.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="orange"
              // White on orange is below 4.5:1; dark text on it is not.
              autoContrast
              loading={resend.isPending}
              onClick={() => void resendUnknown()}
            >
              Resend to {plural(blast.unknownCount, 'recipient')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
