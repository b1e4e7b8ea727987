import { ActionIcon, Group, Image, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { orderMessages } from '@studio/shared/messages/orders';
import { formatUsd } from '@studio/shared/money';
import { IconTrash } from '@tabler/icons-react';
import { type CartItem, MAX_LINE_QUANTITY } from '../cart-store';
import { QuantityControl } from './quantity-control';

/** Served from site/public, as on the shop cards. */
const PLACEHOLDER_SRC = '/images/product-placeholder.svg';

interface CartLineProps {
  item: CartItem;
  onQuantityChange(productId: string, quantity: number): void;
  onRemove(productId: string): void;
}

/** One cart line: image, name, unit price, quantity within stock, line total, remove. */
export function CartLine({ item, onQuantityChange, onRemove }: CartLineProps) {
  const max = Math.min(item.stock, MAX_LINE_QUANTITY);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={item.name}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Image
          src={item.imageUrl ?? null}
          fallbackSrc={PLACEHOLDER_SRC}
          // The name is right beside it: the image adds nothing for a screen reader.
          alt=""
          w={72}
          h={72}
          radius="md"
          fit="cover"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} lineClamp={2}>
              {item.name}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${item.name}`}
              onClick={() => onRemove(item.productId)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="sm" c="dimmed">
            {formatUsd(item.priceCents)} each
          </Text>
          <Group justify="space-between" align="center" gap="sm">
            <QuantityControl
              name={item.name}
              value={item.quantity}
              max={max}
              onChange={(quantity) => onQuantityChange(item.productId, quantity)}
            />
            <Text fw={700}>
              <VisuallyHidden>Line total </VisuallyHidden>
              {formatUsd(item.priceCents * item.quantity)}
            </Text>
          </Group>
          {item.quantity >= max && (
            <Text size="xs" c="dimmed">
              {max === item.stock ? `Only ${max} in stock` : orderMessages.perLineCap(max)}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
