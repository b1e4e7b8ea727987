import { Button, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { shippingInfoSchema } from '@studio/shared/schemas/orders';
import { carriers, shippingMethodLabels, shippingMethods } from '@studio/shared/shipping';
import { useAddShipping } from '../api/add-shipping';
import type { AdminOrder } from '../api/get-order';

// The API's schema, so the form and the server give the same message (spec 5: all required).
const validate = schemaResolver(shippingInfoSchema, { sync: true });

interface ShippingValues {
  carrier: string | null;
  trackingNumber: string;
  shippingMethod: string;
}

/** Carrier, tracking number and method; saving mails the customer the tracking. */
export function ShippingForm({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const add = useAddShipping();
  const form = useForm<ShippingValues>({
    mode: 'uncontrolled',
    initialValues: {
      carrier: order.shipping?.carrier ?? null,
      trackingNumber: order.shipping?.trackingNumber ?? '',
      shippingMethod: order.shipping?.shippingMethod ?? '',
    },
    validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const shipping = shippingInfoSchema.parse(values);
    add.mutate({ id: order.id, shipping }, { onSuccess: onDone });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Carrier"
          placeholder="Choose a carrier"
          data={carriers}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('carrier')}
          {...form.getInputProps('carrier')}
        />
        <TextInput
          label="Tracking number"
          withAsterisk
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          key={form.key('trackingNumber')}
          {...form.getInputProps('trackingNumber')}
        />
        <Radio.Group
          label="Shipping method"
          withAsterisk
          key={form.key('shippingMethod')}
          {...form.getInputProps('shippingMethod')}
        >
          <Stack gap="xs" mt="xs">
            {shippingMethods.map((method) => (
              <Radio key={method} value={method} label={shippingMethodLabels[method]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Save shipping info
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
