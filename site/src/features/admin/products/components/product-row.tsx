import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import type { AdminProduct } from '../api/list-products';
import { ProductThumb } from './product-thumb';

/** Deactivate and Activate take the same room, so the row's other buttons stay in line. */
const TOGGLE_WIDTH = 92;

const CATEGORY_LABEL = { book: 'Book', apparel: 'Apparel', digital: 'Digital' } as const;

function StockCell({ stock, threshold }: { stock: number; threshold: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500} ff="monospace">
        {stock}
      </Text>
      {stock === 0 ? (
        <Badge color="red" variant="light" size="sm">
          Out of stock
        </Badge>
      ) : stock <= threshold ? (
        <Badge color="orange" variant="light" size="sm" title={`${threshold} or fewer left`}>
          Low stock
        </Badge>
      ) : null}
    </Group>
  );
}

export function ProductRow({
  product,
  lowStockThreshold,
  onEdit,
  onImages,
  onHistory,
  onDeactivate,
  onActivate,
  activating,
}: {
  product: AdminProduct;
  lowStockThreshold: number;
  onEdit: () => void;
  onImages: () => void;
  /** Opens the product's stock history. */
  onHistory: () => void;
  onDeactivate: () => void;
  onActivate: () => void;
  activating: boolean;
}) {
  const image = product.images[0];
  return (
    <Table.Tr data-product-id={product.id}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ProductThumb image={image} alt={image?.alt ?? product.name} />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} lineClamp={1}>
              {product.name}
            </Text>
            {product.externalUrl && (
              <Text size="xs" c="dimmed">
                Sold on another shop
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {product.sku}
        </Text>
      </Table.Td>
      <Table.Td>{CATEGORY_LABEL[product.category]}</Table.Td>
      <Table.Td ta="right">
        <Text
          size="sm"
          td={product.isOnSale ? 'line-through' : undefined}
          c={product.isOnSale ? 'dimmed' : undefined}
        >
          {formatUsd(product.priceCents)}
        </Text>
      </Table.Td>
      <Table.Td>
        {product.isOnSale ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {formatUsd(product.currentPriceCents)}
            </Text>
            <Badge color="red" variant="light" size="sm">
              −{product.discountPercentage}%
            </Badge>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No sale
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StockCell stock={product.stock} threshold={lowStockThreshold} />
      </Table.Td>
      <Table.Td>
        {product.isActive ? (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Inactive
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" variant="light" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" onClick={onImages}>
            Images ({product.images.length})
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={onHistory}
            aria-label={`Stock history of ${product.name}`}
          >
            History
          </Button>
          {product.isActive ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onDeactivate}
              w={TOGGLE_WIDTH}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="teal"
              w={TOGGLE_WIDTH}
              onClick={onActivate}
              loading={activating}
            >
              Activate
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
