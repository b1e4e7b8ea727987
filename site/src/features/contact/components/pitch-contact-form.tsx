import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactMessages } from '@studio/shared/messages/contact';
import { pitchContactSchema } from '@studio/shared/schemas/contact';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { business } from '../../../config/business';
import { useSendPitchContact } from '../api/send-pitch-contact';

// The server's own rules for these fields, so both sides give the same message (spec 5).
const fieldsSchema = pitchContactSchema.pick({ name: true, email: true, message: true });

interface PitchContactFormProps {
  /** Sent as the message's subject; the visitor does not choose it (spec 3). */
  subject: string;
  /** Where the message is delivered (spec 3). */
  recipient?: string;
  heading?: string;
  description?: string;
}

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/**
 * The Get in Touch form of the promo (/minecraft) and pitch (/event-space) pages: name, e-mail
 * and message, with a fixed subject and recipient. Outcomes show inline, in the form itself.
 */
export function PitchContactForm({
  subject,
  recipient = business.pitchRecipient,
  heading = 'Get in Touch',
  description = "Send us a message and we'll get back to you within 24 hours.",
}: PitchContactFormProps) {
  const headingId = useId();
  const send = useSendPitchContact();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', message: '' },
  });

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    // Spec 5: any empty field (after trimming) gives the one message, before any other check.
    const empty = (['name', 'email', 'message'] as const).filter((k) => !values[k].trim());
    if (empty.length > 0) {
      form.setErrors(Object.fromEntries(empty.map((k) => [k, true])));
      setOutcome({ kind: 'error', text: contactMessages.fillAllFields });
      return;
    }
    const parsed = fieldsSchema.safeParse(values);
    if (!parsed.success) {
      // One message for the form (spec 5); the fields at fault are marked without repeating it.
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), true])));
      setOutcome({
        kind: 'error',
        text: parsed.error.issues[0]?.message ?? contactMessages.fillAllFields,
      });
      return;
    }
    send.mutate(
      { ...parsed.data, subject, recipient },
      {
        onSuccess: () => {
          form.reset();
          setOutcome({ kind: 'success', text: contactMessages.sent });
        },
        // Spec 8: one text for any failure, whatever the server said.
        onError: () => setOutcome({ kind: 'error', text: contactMessages.pitchFailed }),
      },
    );
  });

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId}>
            {heading}
          </Title>
          <Text c="gray.4" mt={4}>
            {description}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Name"
                autoComplete="name"
                withAsterisk
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
            <Textarea
              label="Message"
              withAsterisk
              // Not autosize: it needs document.fonts, which jsdom (the unit tests) lacks.
              rows={6}
              resize="vertical"
              key={form.key('message')}
              {...form.getInputProps('message')}
            />
            {outcome?.kind === 'error' && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle aria-hidden />}
              >
                {outcome.text}
              </Alert>
            )}
            {outcome?.kind === 'success' && (
              <Alert
                color="teal"
                variant="light"
                role="status"
                icon={<IconCircleCheck aria-hidden />}
              >
                {outcome.text}
              </Alert>
            )}
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              Send Message
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
