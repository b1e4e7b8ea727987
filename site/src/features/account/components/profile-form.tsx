import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { authMessages } from '@studio/shared/messages/auth';
import type { PublicUser } from '@studio/shared/schemas/auth';
import { firstNameField, lastNameField, phoneField } from '@studio/shared/schemas/fields';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';

/** Ours: spec 8 names only the failure ('Profile update failed'). */
export const PROFILE_UPDATED = authMessages.profileUpdated;

// The register form's field rules, so the same mistake gets the same words here.
const profileFormSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  phone: phoneField,
});

const validate = schemaResolver(profileFormSchema, { sync: true });

interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
}

const valuesOf = (user: PublicUser): ProfileFormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
});

/** First name, last name and phone; an emptied phone removes it. */
export function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(user),
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        // The API reads an empty phone as "no phone", as sign-up does.
        phone: values.phone,
      });
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      toast.success(PROFILE_UPDATED);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : authMessages.profileUpdateFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {/* Side by side from `xs` up; full width each on a phone. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            withAsterisk
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="+15551234567"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
