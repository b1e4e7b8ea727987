/** Spec 9: an address shown as its first 6 and last 4 characters. */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/**
 * A balance in base units as decimal text with `shown` decimals, rounded down: a wallet never
 * shows more than it holds.
 */
export function formatBalance(amount: bigint, decimals: number, shown: number): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const scaled =
    shown >= decimals
      ? abs * 10n ** BigInt(shown - decimals)
      : abs / 10n ** BigInt(decimals - shown);
  const scale = 10n ** BigInt(shown);
  const whole = (scaled / scale).toLocaleString('en-US');
  const frac = (scaled % scale).toString().padStart(shown, '0');
  return `${negative ? '-' : ''}${whole}${shown > 0 ? `.${frac}` : ''}`;
}
