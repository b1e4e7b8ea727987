import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';
import { estimateCart } from '../cart-estimate';
import { useCart } from '../hooks/use-cart';
import { CartLine } from './cart-line';
import { CartSummary } from './cart-summary';

/**
 * /cart: the cart kept in this browser (cart-store.ts), with the spec's displayed estimate. The
 * prices are the ones remembered when each product was added; checkout asks the server.
 */
export function CartPage() {
  const { items, setQuantity, remove } = useCart();

  if (items.length === 0) {
    return (
      <PageShell title="Cart">
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" ta="center">
            <IconShoppingCart size={40} aria-hidden />
            <Text size="lg" fw={600}>
              Your cart is empty
            </Text>
            <Text c="dimmed">Books, apparel and digital goods are waiting in the shop.</Text>
            <Button component={Link} to="/" hash="shop" mt="xs">
              Browse the shop
            </Button>
          </Stack>
        </Paper>
      </PageShell>
    );
  }

  return (
    <PageShell title="Cart">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack
            component="ul"
            aria-label="Items in your cart"
            gap="sm"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {items.map((item) => (
              <CartLine
                key={item.productId}
                item={item}
                onQuantityChange={setQuantity}
                onRemove={remove}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <CartSummary estimate={estimateCart(items)} />
        </Grid.Col>
      </Grid>
    </PageShell>
  );
}
