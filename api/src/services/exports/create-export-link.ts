import type { ExportKind, exportLinkSchema } from '@studio/shared/schemas/exports';
import type { z } from 'zod';
import { signValue } from '../../lib/signed-token.ts';

/** What an export link is signed for (never valid as another link's token, nor back). */
export const EXPORT_PURPOSE = 'csv-export-download';

/**
 * How long a link works: the browser follows it at once. The export itself may take longer:
 * the link is checked when it starts.
 */
export const EXPORT_LINK_SECONDS = 5 * 60;

/** A filter as one canonical text: its set values, by name, as a query string. */
export function canonicalFilter(filter: Record<string, unknown>): string {
  const entries = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key, String(value)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/** The signed text: the export, its filter, the admin who asked and the expiry (s). */
export const exportValue = (kind: ExportKind, filter: string, adminId: string, expires: number) =>
  `${kind}\n${filter}\n${adminId}\n${expires}`;

/**
 * POST /api/admin/exports/links: a link to one export with its filter for the admin `adminId`,
 * which the browser follows without the bearer token and saves natively, with its own progress
 * and in constant memory (decision 034): the API path with the filter, the expiry, the admin and
 * an HMAC of all, so none can be changed.
 */
export function createExportLink({
  secret,
  adminId,
  input,
  now = Date.now(),
}: {
  secret: string;
  adminId: string;
  input: z.output<typeof exportLinkSchema>;
  now?: number;
}): { url: string; expiresAt: string } {
  const { kind, ...filter } = input;
  const canonical = canonicalFilter(filter);
  const expires = Math.floor(now / 1000) + EXPORT_LINK_SECONDS;
  const params = new URLSearchParams(canonical);
  params.set('expires', String(expires));
  params.set('admin', adminId);
  params.set(
    'token',
    signValue(secret, EXPORT_PURPOSE, exportValue(kind, canonical, adminId, expires)),
  );
  return {
    url: `/api/downloads/exports/${kind}?${params}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}
