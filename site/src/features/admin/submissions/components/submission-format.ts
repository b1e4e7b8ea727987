import { ALPH_DECIMALS, formatUnits, USDT_DECIMALS } from '@studio/shared/crypto-units';

/** A moment in the admin's local date and time format (spec 9: dates in local format). */
export function formatLocalDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const METHOD_LABEL: Record<string, string> = {
  paypal: 'PayPal',
  usdt: 'USDT',
  alephium: 'Alephium',
};

/**
 * The exact crypto amount due, every decimal kept: the server tags each amount in its last
 * digits to tell transfers apart, so the admin matches it against the chain to the unit.
 */
export function formatCryptoAmount(method: string, baseUnits: string | null): string | null {
  if (!baseUnits || !/^\d+$/.test(baseUnits)) return null;
  const exact = (decimals: number) =>
    formatUnits(BigInt(baseUnits), decimals, decimals).replace(/(\.\d\d\d*?)0+$/, '$1');
  if (method === 'usdt') return `${exact(USDT_DECIMALS)} USDT`;
  if (method === 'alephium') return `${exact(ALPH_DECIMALS)} ALPH`;
  return null;
}
