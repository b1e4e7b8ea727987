import { roomMessages } from '@studio/shared/messages/project-room';
import type { VersionShareInput } from '@studio/shared/schemas/project-room';
import { unwrap } from '../../../../lib/api-error';
import type { AdminApi } from '../../types';

/** POST /api/admin/submissions/:id/version-drafts (201): a draft the version's uploads go into. */
export async function createVersionDraft(api: AdminApi, id: string) {
  return unwrap(
    api.admin.submissions[':id']['version-drafts'].$post({ param: { id } }),
    roomMessages.shareFailed,
  );
}

/** The browser's own fetch: no 30 s limit (the dashboard's fetch has one, spec 7). */
const untimedFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * POST /api/admin/submissions/:id/versions (201): the draft's completed uploads shared as the
 * next version. The API copies and hashes every file (up to 8 GiB each) before it answers, which
 * can take minutes: under the 30 s limit the admin would be told it failed while it is being
 * shared. Without the dashboard's fetch, its 401 rule is the caller's.
 */
export async function shareVersion(api: AdminApi, id: string, body: VersionShareInput) {
  return unwrap(
    api.admin.submissions[':id'].versions.$post(
      { param: { id }, json: body },
      { fetch: untimedFetch },
    ),
    roomMessages.shareFailed,
  );
}
