import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { orderMessages } from '@studio/shared/messages/orders';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type CheckoutOrder, useCheckoutOrder } from '../api/get-order';
import { type OrderPaymentResult, useOrderPayment } from '../hooks/use-order-payment';
import { OrderSummary } from './order-summary';

/** What the route's payment component receives (see features/payments). */
export interface PaymentSlotProps {
  subject: { kind: 'order'; id: string };
  onConfirm(result: OrderPaymentResult): Promise<void>;
  onProcessingChange(processing: boolean): void;
}

export type RenderPayment = (props: PaymentSlotProps) => ReactNode;

const PAID_STATUSES = new Set<CheckoutOrder['status']>([
  'paid',
  'processing',
  'shipped',
  'delivered',
]);

function holdText(reservedUntil: string | null): string | null {
  if (!reservedUntil) return null;
  const time = new Date(reservedUntil).toLocaleTimeString(undefined, { timeStyle: 'short' });
  return `Your items are held for you until ${time}.`;
}

/** An order that is not waiting for payment: already paid, or cancelled. */
function NotPayable({ order }: { order: CheckoutOrder }) {
  const paid = PAID_STATUSES.has(order.status);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Alert
          color={paid ? 'teal' : 'red'}
          variant="light"
          title={paid ? orderMessages.alreadyPaid : orderMessages.notPayable}
        >
          Order {order.orderNumber} is {order.status}.
          {paid ? ' There is nothing left to pay.' : ' Place a new order from your cart.'}
        </Alert>
        <Group>
          <Button
            renderRoot={(props) => <Link to="/orders/$id" params={{ id: order.id }} {...props} />}
          >
            View order
          </Button>
          {!paid && (
            <Button component={Link} to="/cart" variant="default">
              Back to cart
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Checkout step 2: the order as the server priced it, then the payment methods. Also where
 * `/checkout?orderId=` lands to pay an order placed earlier.
 */
export function PaymentStep({
  orderId,
  renderPayment,
}: {
  orderId: string;
  renderPayment: RenderPayment;
}) {
  const order = useCheckoutOrder(orderId);
  const { onConfirm, onProcessingChange } = useOrderPayment(order.id);
  if (order.status !== 'pending') return <NotPayable order={order} />;
  const address = order.shippingAddress;
  const hold = holdText(order.reservedUntil);

  return (
    <Stack gap="lg">
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="order-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="order-title">
            Order {order.orderNumber}
          </Title>
          <OrderSummary order={order} />
          {address && (
            <Text size="sm" c="dimmed">
              Shipping to {address.firstName} {address.lastName}, {address.street}, {address.city},{' '}
              {address.state} {address.zipCode}
            </Text>
          )}
          {order.hasDownloads && (
            <Text size="sm" c="dimmed">
              {downloadMessages.filesAfterPayment}
            </Text>
          )}
          {hold && (
            <Text size="sm" c="dimmed">
              {hold}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="pay-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="pay-title">
            Payment
          </Title>
          {renderPayment({
            subject: { kind: 'order', id: order.id },
            onConfirm,
            onProcessingChange,
          })}
        </Stack>
      </Paper>
    </Stack>
  );
}
