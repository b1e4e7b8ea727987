import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatBytes } from '@studio/shared/downloads';
import type { DownloadGrantAnswer } from '@studio/shared/schemas/downloads';
import { IconRefresh } from '@tabler/icons-react';
import { useGrantAgain } from '../api/grant-again';
import { formatDateTime } from '../order-format';

const STATUS = {
  active: { label: 'Active', color: 'teal' },
  revoked: { label: 'Revoked', color: 'red' },
} as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" inherit>
        {`${label}: `}
      </Text>
      {value}
    </Text>
  );
}

function GrantFiles({ grant }: { grant: DownloadGrantAnswer }) {
  if (grant.files.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The product has no files now.
      </Text>
    );
  const limit = grant.downloadLimit;
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {grant.files.map((file) => (
        <li key={file.id} aria-label={file.name} data-grant-file={file.id}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
            <Text span size="xs" c="dimmed">{` · ${formatBytes(file.sizeBytes)}`}</Text>
          </Text>
          <Text size="xs" c="dimmed">
            {limit === null
              ? `${file.downloadsUsed} downloads, no limit`
              : `${file.downloadsUsed} of ${limit} downloads used`}
            {' · '}
            {file.lastDownloadAt
              ? `Last ${formatDateTime(file.lastDownloadAt)}${file.lastDownloadIp ? ` from ${file.lastDownloadIp}` : ''}`
              : 'Not downloaded yet'}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The buyer's access to the order's digital products (decision 045): each grant's state, end and
 * limit, its files' downloads, and "Grant again" (the count starts over, the days from now).
 */
export function OrderGrants({
  orderId,
  grants,
}: {
  orderId: string;
  grants: DownloadGrantAnswer[];
}) {
  const renew = useGrantAgain();
  if (grants.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-grants-title">
      <Title order={3} size="h5" mb="xs" id="order-grants-title">
        Downloads
      </Title>
      <Stack gap="md">
        {grants.map((grant) => {
          const status = STATUS[grant.status];
          const renewing = renew.isPending && renew.variables?.grantId === grant.id;
          const refused = renew.isError && renew.variables?.grantId === grant.id;
          return (
            <Stack
              key={grant.id}
              gap="xs"
              component="article"
              aria-label={grant.productName}
              data-grant-id={grant.id}
            >
              <Group justify="space-between" gap="sm" align="flex-start">
                <Group gap="xs" style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {grant.productName}
                  </Text>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                  <Badge color={grant.usable ? 'teal' : 'gray'} variant="outline">
                    {grant.usable ? 'Usable now' : 'Not usable'}
                  </Badge>
                </Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  loading={renewing}
                  disabled={renew.isPending}
                  onClick={() => renew.mutate({ id: orderId, grantId: grant.id })}
                  aria-label={`Grant again: ${grant.productName}`}
                >
                  Grant again
                </Button>
              </Group>
              <Group gap="lg" style={{ rowGap: 2 }}>
                <Fact label="Granted" value={formatDateTime(grant.grantedAt)} />
                <Fact
                  label="Ends"
                  value={grant.expiresAt ? formatDateTime(grant.expiresAt) : 'Never'}
                />
                <Fact
                  label="Limit"
                  value={
                    grant.downloadLimit === null
                      ? 'No limit'
                      : `${grant.downloadLimit} downloads per file`
                  }
                />
              </Group>
              {refused && (
                <Alert color="red" variant="light" role="alert">
                  {renew.error.message}
                </Alert>
              )}
              <GrantFiles grant={grant} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
