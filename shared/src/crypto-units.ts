/**
 * Crypto amounts as exact integers (bigint), computed from integer cents: no float ever
 * touches money. USDT has 6 decimals; ALPH has 18 (atto).
 */
export const USDT_DECIMALS = 6;
export const ALPH_DECIMALS = 18;

/** 1 cent = 10^4 USDT base units (USDT is pegged 1:1 to USD). */
export function usdtBaseUnits(cents: number): bigint {
  assertCents(cents);
  return BigInt(cents) * 10n ** BigInt(USDT_DECIMALS - 2);
}

/** A positive decimal string ("0.5", "1.25") as an exact fraction. */
export function parseDecimal(text: string): { num: bigint; den: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal number: ${text}`);
  const frac = match[2] ?? '';
  const num = BigInt(`${match[1]}${frac}`);
  if (num === 0n) throw new RangeError('Must be greater than zero');
  return { num, den: 10n ** BigInt(frac.length) };
}

/**
 * ALPH due for a USD total at `usdPerAlph` (e.g. "0.5"): total / rate, in atto (10^18 per ALPH),
 * rounded up so the merchant never receives less than the price.
 */
export function alphAtto(cents: number, usdPerAlph: string): bigint {
  assertCents(cents);
  const rate = parseDecimal(usdPerAlph);
  // cents/100 / (num/den) * 10^18 = cents * den * 10^16 / num
  const numerator = BigInt(cents) * rate.den * 10n ** 16n;
  return (numerator + rate.num - 1n) / rate.num;
}

/**
 * An integer amount of base units as decimal text with `shown` decimals, rounded up (so a
 * displayed amount due is never less than what is due).
 */
export function formatUnits(amount: bigint, decimals: number, shown: number): string {
  if (amount < 0n) throw new RangeError('Negative amount');
  const step = 10n ** BigInt(decimals - shown);
  const rounded = (amount + step - 1n) / step;
  const scale = 10n ** BigInt(shown);
  const whole = rounded / scale;
  const frac = (rounded % scale).toString().padStart(shown, '0');
  return shown > 0 ? `${whole}.${frac}` : `${whole}`;
}

/** Dollars as PayPal writes them: "95.23". */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a number of cents: ${cents}`);
}
