/**
 * Digital products' files and the access a paid order gives to them (issue 25, decision 045).
 * Shared by the API (which enforces them) and the admin's product form (which states them).
 */
export const downloadLimits = {
  /** The largest file a product may carry: 8 GiB (the issue asks for at least 4 GB). */
  maxFileBytes: 8 * 1024 ** 3,
  /** Files one product may carry. */
  maxFilesPerProduct: 20,
  /** A new product's downloads of each file per order, unless the admin sets another. */
  defaultDownloadLimit: 5,
  /** A new product's days of access from payment, unless the admin sets another. */
  defaultDownloadDays: 30,
  /** The most the admin may set: downloads of a file, days of access. */
  maxDownloadLimit: 1000,
  maxDownloadDays: 3650,
  /**
   * A request for the rest of a file (`Range` from past its first byte) this soon after a counted
   * download of the same file is that download resumed, and uses none up.
   */
  resumeWindowHours: 24,
  /** How long a download link from the order page works (the grant is checked on every request). */
  linkHours: 24,
} as const;

/** Where a buyer's access to a product's files stands, as their order page shows it. */
export const downloadStates = ['awaiting-payment', 'ready', 'expired', 'revoked'] as const;
export type DownloadState = (typeof downloadStates)[number];

/** A grant's own status: its one writer is api/src/services/downloads/transition-grant.ts. */
export const grantStatuses = ['active', 'revoked'] as const;
export type GrantStatus = (typeof grantStatuses)[number];

/** Bytes as people read them: 1.5 GB, 820 KB (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}
