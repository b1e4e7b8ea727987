const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * Whole dollars as the pitch shows them: $361,139. It takes dollars; `formatUsd`
 * (shared/src/money.ts) takes cents.
 */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}

const count = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return count.format(n);
}
