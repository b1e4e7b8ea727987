import { Button, Paper, Stack, Text } from '@mantine/core';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';
import { RouteError } from '../../../components/ui/route-error';
import { isOrderNotFound } from '../api/get-my-order';

/**
 * The API answers 404 both for an id that does not exist and for another customer's order, so
 * the page says the same for both and reveals nothing.
 */
function OrderNotFound() {
  return (
    <PageShell title="Order not found">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack align="flex-start" gap="sm">
          <Text>
            We could not find this order in your account. The link may be mistyped, or the order may
            belong to another account.
          </Text>
          <Button component={Link} to="/orders">
            Back to your orders
          </Button>
        </Stack>
      </Paper>
    </PageShell>
  );
}

/** /orders/:id when loading fails: "Order not found" for a 404, the usual error view otherwise. */
export function OrderDetailError(props: ErrorComponentProps) {
  return isOrderNotFound(props.error) ? <OrderNotFound /> : <RouteError {...props} />;
}
