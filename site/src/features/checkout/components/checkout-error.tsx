import { Alert, Button, Group } from '@mantine/core';
import { httpMessages } from '@studio/shared/messages/http';
import { orderMessages } from '@studio/shared/messages/orders';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { PageShell } from '../../../components/ui/page-shell';
import { ApiError } from '../../../lib/api-error';

/** /checkout?orderId= for an order that cannot be loaded (not the customer's, or offline). */
export function CheckoutError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <PageShell title="Checkout">
      <Alert color="red" variant="light" role="alert" title={orderMessages.openFailedTitle}>
        {error instanceof ApiError ? error.message : httpMessages.checkConnection}
      </Alert>
      <Group>
        <Button
          variant="light"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Button component={Link} to="/orders" variant="default">
          Your orders
        </Button>
        <Button component={Link} to="/cart" variant="default">
          Back to cart
        </Button>
      </Group>
    </PageShell>
  );
}
