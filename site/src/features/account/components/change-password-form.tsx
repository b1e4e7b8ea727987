import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authMessages } from '@studio/shared/messages/auth';
import { changePasswordSchema } from '@studio/shared/schemas/auth';
import { newPasswordField } from '@studio/shared/schemas/fields';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { PASSWORD_CHANGE_FAILED, useChangePassword } from '../api/change-password';

const m = authMessages;

// The API's fields with the register rules, plus the confirmation only the browser checks.
const changePasswordFormSchema = z.object({
  currentPassword: changePasswordSchema.shape.currentPassword,
  newPassword: newPasswordField,
  confirmPassword: z
    .string({ error: m.confirmPasswordRequired })
    .min(1, { error: m.confirmPasswordRequired }),
});

type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

const schemaErrors = schemaResolver(changePasswordFormSchema, { sync: true });

/**
 * The schema's messages, plus the two that compare fields, as soon as both are typed (zod runs
 * an object's cross-field checks only once every field is valid).
 */
function validate(values: ChangePasswordFormValues) {
  const errors = schemaErrors(values);
  if (!errors.newPassword && values.newPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = m.samePassword;
  }
  if (values.confirmPassword && values.newPassword !== values.confirmPassword) {
    errors.confirmPassword = m.passwordsDoNotMatch;
  }
  return errors;
}

const empty: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** Current password, new password twice. The server signs every other device out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({
    mode: 'uncontrolled',
    initialValues: empty,
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      toast.success(message);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : PASSWORD_CHANGE_FAILED;
      // The one mistake the browser cannot see: show it where it was made, too.
      if (message === m.currentPasswordIncorrect) form.setFieldError('currentPassword', message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          withAsterisk
          description="At least 6 characters, with an uppercase letter, a lowercase letter and a number"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm new password' }}
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
