import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authMessages } from '@studio/shared/messages/auth';
import { loginSchema } from '@studio/shared/schemas/auth';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAuth } from '../auth-provider';
import { AuthCard } from './auth-card';

const validate = schemaResolver(loginSchema, { sync: true });

/**
 * /login (spec 2): e-mail, password with show/hide, remember me, a forgot-password button that
 * does nothing yet, and a link to register. An admin then goes to /admin, anyone else back to
 * where they came from (the `redirect` search param), else /.
 */
export function LoginPage() {
  const { error, store } = useAuth();
  const { redirect } = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', rememberMe: false },
    validate,
    validateInputOnBlur: true,
  });

  // A message from an earlier attempt or session does not outlive the page.
  useEffect(() => () => store.clearError(), [store]);

  const submit = form.onSubmit(async ({ email, password, rememberMe }) => {
    setSubmitting(true);
    try {
      const user = await store.login({ email, password }, rememberMe);
      const isAdmin = user.role === 'admin';
      toast.success(`${authMessages.welcomeBack}${isAdmin ? authMessages.adminSuffix : ''}`);
      await navigate({ to: isAdmin ? '/admin' : (redirect ?? '/') });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : authMessages.loginFailed);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          New here?{' '}
          <Anchor component={Link} to="/register" size="sm" underline="always">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert" title={authMessages.signInFailedTitle}>
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
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
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label="Remember me"
              key={form.key('rememberMe')}
              {...form.getInputProps('rememberMe', { type: 'checkbox' })}
            />
            {/* Spec 2: shown, but password recovery is not offered yet. */}
            <Button variant="subtle" size="compact-sm" type="button">
              Forgot password?
            </Button>
          </Group>
          <Button type="submit" fullWidth loading={submitting}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
