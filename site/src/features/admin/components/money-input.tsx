import { NumberInput, type NumberInputProps } from '@mantine/core';

/** Cents in the form, dollars with 2 decimals on screen: the API's money is integer cents. */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | '' | null;
  onChange: (cents: number | '') => void;
}) {
  return (
    <NumberInput
      {...props}
      value={typeof value === 'number' ? value / 100 : ''}
      onChange={(v) => {
        if (v === '' || v === null) return onChange('');
        const dollars = typeof v === 'number' ? v : Number(v);
        onChange(Number.isFinite(dollars) ? Math.round(dollars * 100) : '');
      }}
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      min={0}
      allowNegative={false}
      hideControls
    />
  );
}
