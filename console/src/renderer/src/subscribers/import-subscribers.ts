import { createClient } from '@studio/api/client';
import { limits } from '@studio/shared/limits';
import { authMessages } from '@studio/shared/messages/auth';
import { type AdminHost, readApiError } from '@studio/site/admin';
import { useMutation } from '@tanstack/react-query';

/** The answer of POST /api/admin/subscribers/import (api/src/services/subscribers). */
export interface ImportResult {
  added: number;
  alreadySubscribed: number;
  unsubscribed: number;
  invalid: number;
  invalidSamples: string[];
}

// Leaves room under the API's JSON body limit for the {"content":""} around the list.
const CHUNK_BYTES = limits.maxJsonBytes - 64 * 1024;

/**
 * The addresses as request contents, one address a line, each under the API's 1 MB body limit
 * (about 30,000 addresses a request).
 */
export function chunkAddresses(emails: string[], maxBytes = CHUNK_BYTES): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const email of emails) {
    const bytes = new TextEncoder().encode(email).length + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      chunks.push(current.join('\n'));
      current = [];
      size = 0;
    }
    current.push(email);
    size += bytes;
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks;
}

/** Sends the valid addresses of a previewed list; the answers of several requests are summed. */
export async function importSubscribers(host: AdminHost, emails: string[]): Promise<ImportResult> {
  const api = createClient(host.apiBase, { getToken: () => host.token() });
  const total: ImportResult = {
    added: 0,
    alreadySubscribed: 0,
    unsubscribed: 0,
    invalid: 0,
    invalidSamples: [],
  };
  for (const content of chunkAddresses(emails)) {
    const res = await api.admin.subscribers.import.$post({ json: { content } });
    // requireAdmin's 401 and 403 are not in the route's type, but they are answered: the session
    // is gone, or another admin took this account's role (the dashboard's own calls do the same).
    if ((res.status as number) === 401) host.sessionExpired();
    if (!res.ok) {
      const error = await readApiError(res, 'The list could not be imported');
      if (error.status === 403 && error.message === authMessages.forbidden) host.adminRoleLost();
      throw error;
    }
    const part = (await res.json()) as ImportResult;
    total.added += part.added;
    total.alreadySubscribed += part.alreadySubscribed;
    total.unsubscribed += part.unsubscribed;
    total.invalid += part.invalid;
    total.invalidSamples.push(...part.invalidSamples);
  }
  return total;
}

export function useImportSubscribers(host: AdminHost) {
  return useMutation({
    mutationFn: (emails: string[]) => importSubscribers(host, emails),
  });
}
