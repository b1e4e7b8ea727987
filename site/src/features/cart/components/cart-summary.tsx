import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatUsd } from '@studio/shared/money';
import { Link } from '@tanstack/react-router';
import type { CartEstimate } from '../cart-estimate';

function Row({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      // A rule above the total; an <hr> may not sit inside a <dl>.
      pt={strong ? 'xs' : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500}>
        {formatUsd(cents)}
      </Text>
    </Group>
  );
}

/** The estimate beside the lines, and the way on to checkout. */
export function CartSummary({ estimate }: { estimate: CartEstimate }) {
  const { itemCount } = estimate;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="cart-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cart-summary-title">
          Order summary
        </Title>
        <Stack component="dl" gap={6} m={0}>
          <Row
            label={`Subtotal (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`}
            cents={estimate.subtotalCents}
          />
          <Row label="Estimated shipping" cents={estimate.shippingCents} />
          <Row label="Estimated tax (7%)" cents={estimate.taxCents} />
          <Row label="Estimated total" cents={estimate.totalCents} strong />
        </Stack>
        <Text size="xs" c="dimmed">
          Estimated from the prices in your cart. Digital items ship free; the final prices,
          shipping and tax are confirmed at checkout.
        </Text>
        <Button component={Link} to="/checkout" size="md" fullWidth>
          Checkout
        </Button>
        <Anchor component={Link} to="/" hash="shop" size="sm" ta="center" underline="always">
          Continue shopping
        </Anchor>
      </Stack>
    </Paper>
  );
}
