import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';

/** Where PayPal sends a buyer who cancels (spec 2): static, nothing was charged. */
export function PaymentCancelledPage() {
  return (
    <PageShell title="Payment Cancelled">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Text size="lg">Your payment was cancelled. No charges were made.</Text>
          <Text c="dimmed">
            Your cart is kept, so you can pick up where you left off, or get in touch if something
            went wrong.
          </Text>
        </Stack>
      </Paper>
      <Group>
        <Button component={Link} to="/checkout">
          Return to checkout
        </Button>
        <Button component={Link} to="/cart" variant="default">
          View cart
        </Button>
        <Button component={Link} to="/" variant="default">
          Back to home
        </Button>
        <Button component={Link} to="/" hash="contact" variant="default">
          Contact us
        </Button>
      </Group>
    </PageShell>
  );
}
