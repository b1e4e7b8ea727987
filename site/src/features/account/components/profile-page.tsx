import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { PageShell } from '../../../components/ui/page-shell';
import { useMe } from '../api/get-me';

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

/** /profile: the account as the server knows it; editing is planned (spec 2). */
export function ProfilePage() {
  const user = useMe();
  return (
    <PageShell title="Profile">
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Name" value={`${user.firstName} ${user.lastName}`} />
          <Field label="Email" value={user.email} />
          <Field label="Phone" value={user.phone ?? 'Not given'} />
          <Field
            label="Member since"
            value={new Date(user.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
          />
        </SimpleGrid>
      </Paper>
      <ComingSoon planned="Profile editing, address management and account settings." />
    </PageShell>
  );
}
