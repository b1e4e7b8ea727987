import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { limits } from '@studio/shared/limits';
import { newsletterMessages } from '@studio/shared/messages/newsletter';
import { IconMailbox } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import classes from './newsletter-box.module.css';

/**
 * 'Stay Updated' (spec 2), shown right after the contact section. The form is noValidate on
 * purpose: Chromium strips spaces from an email input and its own required check would then
 * block the submit before the spec's toast ('Please enter your email address', spec 5) could
 * show. The input keeps type=email and required for keyboards, autofill and screen readers;
 * the checks run here instead, in the spec's order: empty after trimming, then the address shape.
 * After the spec's success toast, a line under the field says to confirm by mail (double opt-in,
 * decision 025); it is the same whatever the address was.
 */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [signedUp, setSignedUp] = useState(false);
  const subscribe = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      toast.error(newsletterMessages.emailRequired);
      return;
    }
    if (!limits.emailPattern.test(trimmed)) {
      toast.error(newsletterMessages.emailInvalid);
      return;
    }
    subscribe.mutate(trimmed, {
      onSuccess: () => {
        toast.success(newsletterMessages.subscribed);
        setEmail('');
        setSignedUp(true);
      },
      onError: () => toast.error(newsletterMessages.failed),
    });
  };

  return (
    <Box component="aside" aria-labelledby="newsletter-title" className={classes.band}>
      <Container size="lg">
        <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.box}>
          <Group justify="space-between" align="center" gap="xl" className={classes.layout}>
            <Group gap="md" wrap="nowrap" align="flex-start" className={classes.intro}>
              <ThemeIcon
                size={48}
                radius="md"
                variant="gradient"
                gradient={{ from: 'violet', to: 'cyan' }}
              >
                <IconMailbox size={26} aria-hidden />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={3} id="newsletter-title">
                  Stay Updated
                </Title>
                <Text size="sm" c="dark.1" id="newsletter-hint">
                  Get updates on new services and special offers
                </Text>
              </Stack>
            </Group>
            <form onSubmit={onSubmit} noValidate className={classes.form}>
              <Group gap="sm" align="flex-end" wrap="nowrap" className={classes.fields}>
                <TextInput
                  label="Email address"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  withAsterisk={false}
                  placeholder="you@example.com"
                  aria-describedby="newsletter-hint"
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  className={classes.input}
                />
                <Button type="submit" loading={subscribe.isPending} className={classes.button}>
                  Subscribe
                </Button>
              </Group>
              {signedUp && (
                <Text size="sm" c="dark.1" mt="xs" role="status">
                  {newsletterMessages.checkInbox}
                </Text>
              )}
            </form>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
