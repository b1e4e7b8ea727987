import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import { Link } from '@tanstack/react-router';
import type { CartItem } from '../../cart/cart-store';

const PLACEHOLDER_SRC = '/images/product-placeholder.svg';

/** The cart as it will be ordered, read-only; changes are made on /cart. */
export function CartLinesReview({ items }: { items: readonly CartItem[] }) {
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        aria-label="Items to order"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {items.map((item) => (
          <Group component="li" key={item.productId} wrap="nowrap" gap="sm">
            <Image
              src={item.imageUrl ?? null}
              fallbackSrc={PLACEHOLDER_SRC}
              alt=""
              w={48}
              h={48}
              radius="sm"
              fit="cover"
              style={{ flexShrink: 0 }}
            />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} lineClamp={2}>
                {item.name}
              </Text>
              <Text size="xs" c="dimmed">
                {item.quantity} × {formatUsd(item.priceCents)}
              </Text>
            </Stack>
            <Text size="sm" fw={600}>
              {formatUsd(item.priceCents * item.quantity)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Prices shown are from your cart. The final prices, shipping and tax are set when your order
        is placed, and shown before you pay.{' '}
        <Anchor component={Link} to="/cart" size="xs" underline="always">
          Edit cart
        </Anchor>
      </Text>
    </Stack>
  );
}
