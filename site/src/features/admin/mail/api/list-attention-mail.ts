import { mailMessages } from '@studio/shared/messages/mail';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../../lib/api-error';
import { ADMIN_QUERY_DEFAULTS, useAdminApi } from '../../admin-context';
import type { AdminApi } from '../../types';
import { mailKeys } from './mail-keys';

export const MAIL_PAGE_SIZE = 10;
/** The notice's gentle poll: a mail fails rarely, and the admin is told within a minute. */
const POLL_MS = 60_000;

/** GET /api/admin/mail: the mails that failed or may not have arrived, newest first, and counts. */
export function listAttentionMail(api: AdminApi, page: number) {
  return unwrap(
    api.admin.mail.$get({
      query: { status: 'attention', page: String(page), pageSize: String(MAIL_PAGE_SIZE) },
    }),
    mailMessages.attentionFailed,
  );
}

export type AttentionMailPage = Awaited<ReturnType<typeof listAttentionMail>>;
export type AttentionMail = AttentionMailPage['mails'][number];

/**
 * One page of the mails needing a decision. Page 1 is what the notice polls (its counts are the
 * whole outbox's), so the modal opens on data already there.
 */
export function useAttentionMail(page: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: mailKeys.attention(page),
    queryFn: () => listAttentionMail(api, page),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    ...ADMIN_QUERY_DEFAULTS,
    // Unlike the other admin lists (spec 7), a notice that is out of date misleads: an admin
    // coming back to the window sees the outbox as it is now.
    refetchOnWindowFocus: true,
  });
}
