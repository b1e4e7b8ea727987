import { limits } from './limits.ts';

/**
 * Money is integer cents (USD) everywhere. Tax is 7% rounded half-up to the cent, computed
 * with integers only so no float drift can creep in.
 */
export function taxCents(subtotalCents: number): number {
  assertCents(subtotalCents);
  // round half-up of subtotal * 7 / 100
  return Math.floor((subtotalCents * Math.round(limits.taxRate * 100) + 50) / 100);
}

export function withTax(subtotalCents: number): {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
} {
  const tax = taxCents(subtotalCents);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** Integer cents as "$1,234.56". */
export function formatUsd(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Not an integer number of cents: ${cents}`);
}
