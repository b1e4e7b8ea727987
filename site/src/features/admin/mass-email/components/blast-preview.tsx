import { Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { plural } from '../recipients';
import classes from './blast-preview.module.css';

/** A preview URL for an image attachment, revoked when it changes. */
function useImageUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/**
 * The e-mail as recipients will see it, laid out as api/src/services/mail/templates/blast-mail.ts builds
 * it: the subject as the heading in a white card on grey, the message with its line breaks, the
 * unsubscribe line under the card, the flyer attached. The message is rendered as text, never
 * as HTML, exactly as the mail escapes it.
 */
export function BlastPreview({
  subject,
  message,
  attachment,
  recipients,
}: {
  subject: string;
  message: string;
  attachment: File | null;
  recipients: number;
}) {
  const imageUrl = useImageUrl(attachment);
  const shownSubject = subject.trim().replace(/\s+/g, ' ');
  return (
    <Stack gap="xs" component="section" aria-labelledby="blast-preview-title">
      <Group justify="space-between" align="baseline">
        <Title order={3} fz="md" id="blast-preview-title">
          Preview
        </Title>
        <Text size="xs" c="dimmed">
          To {plural(recipients, 'recipient')}
        </Text>
      </Group>
      <Box className={classes.frame}>
        <Text className={classes.subjectLine} size="xs">
          <span className={classes.label}>Subject:</span> {shownSubject || 'No subject yet'}
        </Text>
        <Paper className={classes.card} radius={8} p={24} shadow="none">
          <h1 className={classes.heading}>{shownSubject || 'Your subject'}</h1>
          {message.trim() ? (
            <p className={classes.message}>{message.trim()}</p>
          ) : (
            <p className={`${classes.message} ${classes.placeholder}`}>
              Your message appears here.
            </p>
          )}
        </Paper>
        <p className={classes.footer}>
          Don&apos;t want these e-mails? <span className={classes.link}>Unsubscribe</span>.
        </p>
        {attachment && (
          <Box className={classes.attachment}>
            {imageUrl ? (
              <Image src={imageUrl} alt="" w={56} h={56} fit="cover" radius={4} />
            ) : (
              <IconFileTypePdf size={28} aria-hidden />
            )}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm" fw={600} truncate>
                  {attachment.name}
                </Text>
              </Group>
              <Text size="xs" c="#71717a">
                Attachment, {(attachment.size / 1024).toFixed(attachment.size < 10_240 ? 1 : 0)} KB
              </Text>
            </Stack>
          </Box>
        )}
      </Box>
    </Stack>
  );
}
