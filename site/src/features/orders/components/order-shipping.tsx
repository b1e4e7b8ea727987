import { Button, Code, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MyOrder } from '../api/get-my-order';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500}>
        {children}
      </Text>
    </Group>
  );
}

/** Carrier, method and tracking number, with a link to the carrier's own tracking page. */
export function OrderTracking({ shipping }: { shipping: NonNullable<MyOrder['shipping']> }) {
  return (
    <Stack gap="sm">
      <Stack component="dl" gap={6} m={0}>
        <Line label="Carrier">{shipping.carrier}</Line>
        <Line label="Method">{shipping.shippingMethodLabel}</Line>
        <Line label="Tracking number">
          <Code fz="sm">{shipping.trackingNumber}</Code>
        </Line>
      </Stack>
      {shipping.trackingUrl && (
        <Button
          component="a"
          href={shipping.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          Track with {shipping.carrier}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      )}
    </Stack>
  );
}

/** Where the parcel goes, as the customer entered it at checkout. */
export function OrderAddress({ address }: { address: NonNullable<MyOrder['shippingAddress']> }) {
  return (
    <Text component="address" size="sm" style={{ fontStyle: 'normal' }}>
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.phone}
    </Text>
  );
}
