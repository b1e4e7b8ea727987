import { Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { PageShell } from '../../../components/ui/page-shell';
import { useMe } from '../api/get-me';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { SignOutEverywhere } from './sign-out-everywhere';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
      h="100%"
    >
      <Title order={2} size="h4" id={headingId} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /profile: the account as the server knows it, its details, its password and its sessions. */
export function ProfilePage() {
  const user = useMe();
  return (
    <PageShell title="Profile">
      <Section title="Account">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Name" value={`${user.firstName} ${user.lastName}`} />
          <Field label="Email" value={user.email} />
          <Field label="Phone" value={user.phone ?? 'Not given'} />
          <Field
            label="Member since"
            value={new Date(user.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
          />
        </SimpleGrid>
      </Section>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Edit profile">
            <ProfileForm user={user} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Change password">
            <ChangePasswordForm />
          </Section>
        </Grid.Col>
      </Grid>
      <Section title="Your devices">
        <SignOutEverywhere />
      </Section>
    </PageShell>
  );
}
