import {
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginSchema } from '@studio/shared/schemas/auth';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { normalizeApiBase } from '../../../shared/api-base.ts';
import type { SessionPersistence } from '../../../shared/ipc.ts';
import { signIn } from '../session/auth-api.ts';

export const API_ADDRESS_HINT = 'Enter the server address, e.g. https://studio.example';

const signInSchema = loginSchema.extend({
  apiBase: z.string().refine((v) => normalizeApiBase(v) !== null, { error: API_ADDRESS_HINT }),
});
const validate = schemaResolver(signInSchema, { sync: true });

export interface SignedIn {
  token: string;
  adminName: string;
}

interface SignInScreenProps {
  apiBase: string | null;
  persistence: SessionPersistence;
  /** Why the admin is here: 'Session expired', an unreachable server... */
  notice: string | null;
  onSignedIn: (session: SignedIn) => void;
}

/**
 * The console's sign-in: the Studio server's address (remembered by the main process) and an
 * admin's e-mail and password. Only admins get in.
 */
export function SignInScreen({ apiBase, persistence, notice, onSignedIn }: SignInScreenProps) {
  const [error, setError] = useState<string | null>(notice);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { apiBase: apiBase ?? 'http://localhost:3000', email: '', password: '' },
    validate,
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      // The main process stores the address and forwards the console's /api calls there.
      const { apiBase: origin } = await window.studio.setApiBase(values.apiBase);
      form.setFieldValue('apiBase', origin);
      const { token, user } = await signIn({ email: values.email, password: values.password });
      await window.studio.saveSession({ token, adminName: user.firstName });
      onSignedIn({ token, adminName: user.firstName });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not sign in');
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <Stack gap={4}>
              <Title order={1} size="h2">
                Studio Console
              </Title>
              <Text c="dimmed" size="sm">
                Sign in with your admin account.
              </Text>
            </Stack>
            {error && (
              <Alert color="red" variant="light" role="alert" title="Could not sign in">
                {error}
              </Alert>
            )}
            <TextInput
              label="Server address"
              description="Where the Studio site runs, e.g. https://studio.example"
              autoComplete="url"
              withAsterisk
              key={form.key('apiBase')}
              {...form.getInputProps('apiBase')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              withAsterisk
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button
              type="submit"
              fullWidth
              loading={submitting}
              leftSection={<IconLock size={18} />}
            >
              Sign in
            </Button>
            {persistence === 'memory' && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                This computer offers no key store to encrypt the sign-in, so it is kept only until
                the console closes.
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
