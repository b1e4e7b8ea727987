import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DownloadRecordAnswer } from '@studio/shared/schemas/downloads';
import { formatOrderDateTime } from '../../../orders/order-display';
import { useAdminNavigation } from '../../admin-navigation';

/**
 * The customer's latest downloads of digital products' files (decision 045): when, from which
 * order and address, and whether it counted against the limit or resumed an earlier download.
 */
export function CustomerDownloads({ downloads }: { downloads: DownloadRecordAnswer[] }) {
  const nav = useAdminNavigation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="customer-downloads-title">
      <Title order={3} fz="md" id="customer-downloads-title">
        Downloads
      </Title>
      {downloads.length === 0 ? (
        <Text size="sm" c="dimmed">
          No downloads yet.
        </Text>
      ) : (
        <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {downloads.map((d, i) => (
            <li
              key={`${d.at}-${d.orderId}-${d.fileName}-${d.counted}`}
              data-download
              style={{
                padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)',
                borderTop: i > 0 ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {d.fileName}
                </Text>
                <Badge size="sm" variant="light" color={d.counted ? 'blue' : 'gray'}>
                  {d.counted ? 'Counted' : 'Resumed'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {`${d.productName} · Order `}
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  ff="monospace"
                  onClick={() => nav.open('order', d.orderId)}
                  aria-label={`Open order ${d.orderNumber}`}
                >
                  {d.orderNumber}
                </Anchor>
              </Text>
              <Text size="xs" c="dimmed">
                {formatOrderDateTime(d.at)}
                {d.ip ? ` · from ${d.ip}` : ''}
              </Text>
            </li>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
