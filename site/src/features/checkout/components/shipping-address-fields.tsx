import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ShippingAddressInput } from '@studio/shared/schemas/orders';
import type { CSSProperties } from 'react';

type AddressForm = UseFormReturnType<ShippingAddressInput>;

const FIELDS: {
  name: keyof ShippingAddressInput;
  label: string;
  autoComplete: string;
  type?: string;
  wide?: boolean;
}[] = [
  { name: 'firstName', label: 'First name', autoComplete: 'shipping given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'shipping family-name' },
  { name: 'street', label: 'Street address', autoComplete: 'shipping street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'shipping postal-code' },
  { name: 'phone', label: 'Phone', autoComplete: 'shipping tel', type: 'tel' },
];

/** The spec's shipping address (firstName .. phone), every field required. */
export function ShippingAddressFields({ form }: { form: AddressForm }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="md"
      verticalSpacing="sm"
      // Mantine's dark-scheme error red is under 4.5:1 on this background; a lighter red passes.
      style={{ '--mantine-color-error': 'var(--mantine-color-red-5)' } as CSSProperties}
    >
      {FIELDS.map((field) => (
        <TextInput
          key={form.key(field.name)}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          withAsterisk
          style={field.wide ? { gridColumn: '1 / -1' } : undefined}
          {...form.getInputProps(field.name)}
        />
      ))}
    </SimpleGrid>
  );
}
