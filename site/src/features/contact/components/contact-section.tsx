import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { limits } from '@studio/shared/limits';
import { contactMessages } from '@studio/shared/messages/contact';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconClock,
  IconHeadphones,
  IconMail,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { business } from '../../../config/business';
import { type ContactMessage, useSendContact } from '../api/send-contact';
import classes from './contact-section.module.css';

/**
 * Project Type choices (sent as `subject`, spec 3). The spec names none; these follow the three
 * service categories, plus the shop and anything else.
 */
export const PROJECT_TYPES = [
  'Sound Design',
  'Mixing / Mastering',
  'Post-Production',
  'Shop / Order Question',
  'Other',
] as const;

/**
 * The shared schema's rules and words (shared/src/schemas/contact.ts), written out by hand: the
 * landing page's JavaScript budget has no room for zod. The server checks the same rules again.
 */
function validate(values: ContactMessage) {
  const m = contactMessages;
  const errors: Partial<Record<keyof ContactMessage, string>> = {};
  if (!values.name.trim()) errors.name = m.nameRequired;
  const email = values.email.trim();
  if (!email) errors.email = m.emailRequired;
  else if (!limits.emailPattern.test(email)) errors.email = m.emailInvalid;
  if (!values.subject.trim()) errors.subject = m.subjectRequired;
  if (!values.message.trim()) errors.message = m.messageRequired;
  return errors;
}

const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

/**
 * The landing contact form (anchor `contact`). Spec 5 asks for the browser's own required
 * checks, so the form keeps them (no noValidate); the shared schema then catches what they let
 * through, such as a name of only spaces, with the server's own words.
 */
export function ContactSection() {
  const send = useSendContact();
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: EMPTY, validate });

  const submit = form.onSubmit((values) => {
    setResult(null);
    send.mutate(values, {
      onSuccess: () => {
        setResult('sent');
        form.reset();
      },
      onError: () => setResult('failed'),
    });
  });

  return (
    <Box
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      className={classes.section}
    >
      <Container size="lg">
        <Stack align="center" gap="xs" ta="center" mb="xl">
          <Text className={classes.eyebrow}>Start a project</Text>
          <Title order={2} id="contact-title" className={classes.heading}>
            Contact
          </Title>
          <Text c="dark.1" maw={560}>
            Tell us about your sound: a game, a film, a record. We read every message.
          </Text>
        </Stack>

        <Grid gap={{ base: 'lg', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="md">
              <InfoCard icon={<IconMail size={20} aria-hidden />} title="Email us directly">
                <Anchor href={`mailto:${business.email}`} className={classes.breakAll}>
                  {business.email}
                </Anchor>
              </InfoCard>
              <InfoCard icon={<IconClock size={20} aria-hidden />} title="Fast replies">
                <Text size="sm" c="dark.1">
                  We get back to you within 24 hours.
                </Text>
              </InfoCard>
              <InfoCard icon={<IconHeadphones size={20} aria-hidden />} title="What we do">
                <Text size="sm" c="dark.1">
                  Sound design, mixing and mastering, and audio post-production for film and video.
                </Text>
              </InfoCard>
            </SimpleGrid>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.formCard}>
              <form onSubmit={submit} aria-labelledby="contact-form-title">
                <Stack gap="md">
                  <div>
                    <Title order={3} id="contact-form-title" size="h4">
                      Send us a message
                    </Title>
                    {/* Always in the page, empty until a send succeeds: a live region that
                        appears together with its text is often not announced. */}
                    <div role="status">
                      {result === 'sent' && (
                        // 'note': the region around it is the status; Mantine's default
                        // role 'alert' would announce it a second time.
                        <Alert
                          role="note"
                          mt="md"
                          color="teal"
                          variant="light"
                          icon={<IconCircleCheck size={20} aria-hidden />}
                        >
                          {contactMessages.sent}
                        </Alert>
                      )}
                    </div>
                  </div>
                  {result === 'failed' && (
                    <Alert
                      role="alert"
                      color="red"
                      variant="light"
                      icon={<IconAlertCircle size={20} aria-hidden />}
                    >
                      <Text size="sm">{contactMessages.landingFailed}</Text>
                      <Group gap={6} mt={6} wrap="nowrap">
                        <IconMail size={16} aria-hidden />
                        <Anchor
                          href={`mailto:${business.email}`}
                          size="sm"
                          fw={600}
                          c="red.0"
                          underline="always"
                          className={classes.breakAll}
                        >
                          {business.email}
                        </Anchor>
                      </Group>
                    </Alert>
                  )}
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label="Name"
                      name="name"
                      autoComplete="name"
                      placeholder="Your name"
                      required
                      maxLength={200}
                      key={form.key('name')}
                      {...form.getInputProps('name')}
                    />
                    <TextInput
                      label="Email"
                      name="email"
                      type="email"
                      autoComplete="email"
                      placeholder="you@example.com"
                      required
                      maxLength={254}
                      key={form.key('email')}
                      {...form.getInputProps('email')}
                    />
                  </SimpleGrid>
                  <NativeSelect
                    label="Project Type"
                    name="subject"
                    required
                    data={[
                      { value: '', label: 'Choose a project type', disabled: true },
                      ...PROJECT_TYPES.map((type) => ({ value: type, label: type })),
                    ]}
                    key={form.key('subject')}
                    {...form.getInputProps('subject')}
                  />
                  <Textarea
                    label="Message"
                    name="message"
                    required
                    autosize
                    minRows={5}
                    maxRows={12}
                    maxLength={5000}
                    placeholder="Your project, timeline and anything we should know"
                    key={form.key('message')}
                    {...form.getInputProps('message')}
                  />
                  <Group justify="flex-end">
                    <Button
                      type="submit"
                      size="md"
                      loading={send.isPending}
                      variant="gradient"
                      gradient={{ from: 'violet', to: 'cyan' }}
                      rightSection={<IconSend size={18} aria-hidden />}
                      className={classes.submit}
                    >
                      Send Message
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" className={classes.infoCard}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} radius="md" variant="light" color="violet">
          {icon}
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text fw={700}>{title}</Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}
