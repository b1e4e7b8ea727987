/** A PayPal `money` in USD as integer cents, or undefined when it is not one. */
export function paypalCents(
  money: { currency_code?: string; value?: string } | undefined,
): number | undefined {
  if (money?.currency_code !== 'USD' || !/^\d{1,9}(\.\d{1,2})?$/.test(money.value ?? '')) {
    return undefined;
  }
  const [whole = '0', fraction = ''] = (money.value ?? '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
