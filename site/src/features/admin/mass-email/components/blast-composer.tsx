import {
  Button,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { blastMessages as m } from '@studio/shared/messages/blasts';
import {
  blastMessageMax,
  blastSubjectMax,
  emailBlastSchema,
  parseRecipients,
} from '@studio/shared/schemas/blasts';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { ADMIN_TOAST } from '../../admin-toast';
import { type BlastSendProgress, type BlastSubmission, useSendBlast } from '../api/send-blast';
import { BLAST_FAILURES_TOAST, BLAST_SENT_TOAST } from '../blast-toast';
import { pauseLine } from '../pause-line';
import { plural } from '../recipients';
import { AttachmentField } from './attachment-field';
import { BlastPreview } from './blast-preview';
import { RecipientsField } from './recipients-field';

const EMPTY: BlastSubmission = { emails: '', subject: '', message: '', emailFlyer: null };

/** The Mass Email form (spec 2 and 5) beside its preview. */
export function BlastComposer() {
  const form = useForm<BlastSubmission>({ initialValues: EMPTY });
  const [progress, setProgress] = useState<BlastSendProgress | null>(null);
  const send = useSendBlast(setProgress);
  const { values } = form;
  const validCount = parseRecipients(values.emails).valid.length;
  const busy = send.isPending;

  const submit = form.onSubmit(async (input) => {
    // Spec 5: one message for a missing subject or list (the button already needs a valid
    // address); the shared schema, the server's, then judges lengths.
    if (!input.subject.trim() || !input.emails.trim()) {
      if (!input.subject.trim()) form.setFieldError('subject', m.required);
      toast.error(m.required, ADMIN_TOAST);
      return;
    }
    const parsed = emailBlastSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue) form.setFieldError(String(issue.path[0]), issue.message);
      toast.error(issue?.message ?? m.required, ADMIN_TOAST);
      return;
    }
    setProgress(null);
    try {
      const { sentCount, failedCount } = await send.mutateAsync(input);
      if (failedCount > 0) {
        toast.blank(m.completedWithFailures(sentCount, failedCount), BLAST_FAILURES_TOAST);
      } else {
        toast.success(m.sentTo(sentCount), BLAST_SENT_TOAST);
      }
      form.setValues(EMPTY);
      form.resetDirty();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : m.sendFailed, ADMIN_TOAST);
    } finally {
      setProgress(null);
    }
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate aria-label="Email blast">
            <Stack gap="md">
              <RecipientsField
                value={values.emails}
                onChange={(v) => form.setFieldValue('emails', v)}
                error={form.errors.emails}
                disabled={busy}
              />
              <TextInput
                label="Subject"
                withAsterisk
                maxLength={blastSubjectMax}
                disabled={busy}
                {...form.getInputProps('subject')}
              />
              <Textarea
                label="Message"
                description="Plain text; line breaks are kept"
                autosize
                minRows={6}
                maxRows={16}
                maxLength={blastMessageMax}
                disabled={busy}
                {...form.getInputProps('message')}
              />
              <AttachmentField
                value={values.emailFlyer}
                onChange={(file) => form.setFieldValue('emailFlyer', file)}
                disabled={busy}
              />
              {progress && <SendProgress progress={progress} />}
              <Group justify="space-between" align="center">
                <Text size="sm" c="dimmed">
                  {validCount > 0
                    ? `Sends one e-mail to each of ${plural(validCount, 'recipient')}`
                    : 'Add at least one valid address to send'}
                </Text>
                <Button
                  type="submit"
                  leftSection={<IconSend size={18} aria-hidden />}
                  disabled={validCount === 0}
                  loading={busy}
                >
                  Send Email Blast
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <BlastPreview
          subject={values.subject}
          message={values.message}
          attachment={values.emailFlyer}
          recipients={validCount}
        />
      </Grid.Col>
    </Grid>
  );
}

/** A blast the server answered 202 for: followed until done (spec 7's counts come at the end). */
function SendProgress({ progress }: { progress: BlastSendProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        animated
        size="lg"
        aria-label="Email blast progress"
        aria-valuetext={`${progress.done} of ${progress.total} processed`}
      />
      <Text size="sm" c="dimmed" role="status">
        {progress.pausedUntil
          ? `${pauseLine(progress.pauseReason, progress.pausedUntil)}. `
          : 'Sending: '}
        {progress.done} of {progress.total} processed ({progress.sentCount} sent,{' '}
        {progress.failedCount} failed)
      </Text>
    </Stack>
  );
}
