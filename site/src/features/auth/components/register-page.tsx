import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authMessages } from '@studio/shared/messages/auth';
import { type RegisterFormInput, registerFormSchema } from '@studio/shared/schemas/auth';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useAuth } from '../auth-provider';
import { AuthCard } from './auth-card';

const schemaErrors = schemaResolver(registerFormSchema, { sync: true });

/**
 * The shared schema's messages, plus "Passwords do not match" as soon as both are typed: zod
 * only runs the schema's cross-field check once every other field is valid.
 */
function validate(values: RegisterFormInput) {
  const errors = schemaErrors(values);
  if (values.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = authMessages.passwordsDoNotMatch;
  }
  return errors;
}

/** /register (spec 2 and 5). The confirm password and the terms box are checked here only. */
export function RegisterPage() {
  const { error, store } = useAuth();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<RegisterFormInput>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
    },
    validate,
    validateInputOnBlur: true,
  });

  // Only a failed sign-up belongs in this page's red box, not an earlier 'Session expired'.
  useEffect(() => {
    store.clearError();
    return () => store.clearError();
  }, [store]);

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await store.register({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone?.trim() ? values.phone : undefined,
        password: values.password,
      });
      toast.success(authMessages.registrationSuccessful);
      await navigate({ to: '/' });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : authMessages.registrationFailed);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard
      title="Create an account"
      subtitle={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" size="sm" underline="always">
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={authMessages.registerFailedTitle}
            >
              {error}
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="First name"
              autoComplete="given-name"
              withAsterisk
              miw={160}
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              withAsterisk
              miw={160}
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="+15551234567"
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            withAsterisk
            description="At least 6 characters, with an uppercase letter, a lowercase letter and a number"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password' }}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor
                  component={Link}
                  to="/terms-of-service"
                  target="_blank"
                  inherit
                  underline="always"
                  rel="noopener"
                >
                  Terms of Service
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>{' '}
                and{' '}
                <Anchor
                  component={Link}
                  to="/privacy-policy"
                  target="_blank"
                  inherit
                  underline="always"
                  rel="noopener"
                >
                  Privacy Policy
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Anchor>
              </>
            }
            key={form.key('agreeToTerms')}
            {...form.getInputProps('agreeToTerms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth loading={submitting}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
