import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';

interface QuantityControlProps {
  /** The product, for the controls' accessible names. */
  name: string;
  value: number;
  max: number;
  onChange(quantity: number): void;
}

/** − / number / + within 1..max; the cart store clamps again, so a stray value cannot stick. */
export function QuantityControl({ name, value, max, onChange }: QuantityControlProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Decrease quantity of ${name}`}
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <NumberInput
        aria-label={`Quantity of ${name}`}
        value={value}
        min={1}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={56}
        styles={{ input: { textAlign: 'center' } }}
        // An emptied field waits for a number; leaving it restores the current quantity.
        onChange={(next) => {
          if (typeof next === 'number' && next >= 1) onChange(next);
        }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Increase quantity of ${name}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
