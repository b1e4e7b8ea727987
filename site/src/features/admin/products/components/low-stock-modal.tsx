import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useAdminNavigation } from '../../admin-navigation';

export interface LowStockProduct {
  id: string;
  name: string;
  sku: string;
  stock: number;
}

/**
 * The dashboard's low-stock list (the active products at or under the threshold, fewest first,
 * at most 20), each leading to its stock history in the Products tab.
 */
export function LowStockModal({
  opened,
  onClose,
  products,
  count,
  threshold,
}: {
  opened: boolean;
  onClose: () => void;
  products: LowStockProduct[];
  /** How many products are low in all (the list shows the first 20). */
  count: number;
  threshold: number;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  const nav = useAdminNavigation();
  const openHistory = (id: string) => {
    onClose();
    nav.open('product', id, { view: 'stock' });
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Low stock"
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Active products with {threshold} or fewer left
          {count > products.length ? `: the ${products.length} lowest of ${count}` : ''}.
        </Text>
        {products.length === 0 ? (
          <Text size="sm">No product is low on stock.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Low-stock products">
            {products.map((p) => (
              <Paper
                key={p.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                style={{ listStyle: 'none' }}
                data-low-stock-product={p.id}
              >
                <Group justify="space-between" gap="xs">
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {p.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {p.sku}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color={p.stock === 0 ? 'red' : 'orange'}>
                      {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
                    </Badge>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconHistory size={14} aria-hidden />}
                      onClick={() => openHistory(p.id)}
                      aria-label={`Stock history of ${p.name}`}
                    >
                      History
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
