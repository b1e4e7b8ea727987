import { Alert, Anchor, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { downloadMessages } from '@studio/shared/messages/downloads';
import { orderMessages } from '@studio/shared/messages/orders';
import {
  type CreateOrderInput,
  type ShippingAddressInput,
  shippingAddressSchema,
} from '@studio/shared/schemas/orders';
import { IconCloudDownload } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useAuth } from '../../auth/auth-provider';
import { isDownloadsOnly } from '../../cart/cart-store';
import { useCart } from '../../cart/hooks/use-cart';
import { useCreateOrder } from '../api/create-order';
import { CartLinesReview } from './cart-lines-review';
import { ShippingAddressFields } from './shipping-address-fields';

const validate = schemaResolver(shippingAddressSchema, { sync: true });

/** A cart of downloads only: nothing to ship, so no address; where the files arrive instead. */
function DownloadsDelivery() {
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="delivery-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="delivery-title">
          Delivery
        </Title>
        <Text size="sm" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <IconCloudDownload size={20} aria-hidden style={{ flexShrink: 0 }} />
          {downloadMessages.noAddressNeeded}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Checkout step 1: where to ship, the cart lines, and "Continue to payment", which places the
 * order. The server's refusal (stock gone, product no longer sold) shows above the button and
 * the form keeps what was typed. A cart of downloads only asks no address, and the order is
 * placed without one (the server charges no shipping then).
 */
export function AddressStep() {
  const { user } = useAuth();
  const { items } = useCart();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const form = useForm<ShippingAddressInput>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      street: '',
      city: '',
      state: '',
      zipCode: '',
      phone: user?.phone ?? '',
    },
    validate,
    validateInputOnBlur: true,
  });

  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Text size="lg" fw={600}>
            Your cart is empty
          </Text>
          <Text c="dimmed">Add something from the shop, then come back to check out.</Text>
          <Button component={Link} to="/" hash="shop">
            Browse the shop
          </Button>
        </Stack>
      </Paper>
    );
  }

  const downloadsOnly = isDownloadsOnly(items);
  const place = (shippingAddress: CreateOrderInput['shippingAddress']) =>
    createOrder.mutate(
      {
        items: items.map(({ productId, quantity }) => ({ productId, quantity })),
        ...(shippingAddress ? { shippingAddress } : {}),
      },
      {
        // The order's id goes into the address, so a reload pays this order, never places another.
        onSuccess: (order) =>
          navigate({ to: '/checkout', search: { orderId: order.id }, replace: true }),
      },
    );
  const submit = downloadsOnly
    ? (event: FormEvent) => {
        event.preventDefault();
        place(undefined);
      }
    : form.onSubmit((values) => place(shippingAddressSchema.parse(values)));
  const hasDownloads = items.some((item) => item.category === 'digital');

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={downloadsOnly ? 'Your items' : 'Shipping address and items'}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {downloadsOnly ? (
            <DownloadsDelivery />
          ) : (
            <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="ship-title">
              <Stack gap="md">
                <Title order={2} size="h4" id="ship-title">
                  Shipping address
                </Title>
                {hasDownloads && (
                  <Text size="sm" c="dimmed">
                    {downloadMessages.someDownloads}
                  </Text>
                )}
                <ShippingAddressFields form={form} />
              </Stack>
            </Paper>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="items-title">
            <Stack gap="md">
              <Title order={2} size="h4" id="items-title">
                Your items
              </Title>
              <CartLinesReview items={items} />
              {createOrder.isError && (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  title={orderMessages.notPlacedTitle}
                >
                  <Stack gap={4}>
                    <Text size="sm">{createOrder.error.message}</Text>
                    <Anchor
                      component={Link}
                      to="/cart"
                      size="sm"
                      underline="always"
                      c="inherit"
                      fw={600}
                    >
                      Update your cart
                    </Anchor>
                  </Stack>
                </Alert>
              )}
              <Button type="submit" size="md" fullWidth loading={createOrder.isPending}>
                Continue to payment
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}
