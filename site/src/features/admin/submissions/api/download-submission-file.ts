import { projectMessages } from '@studio/shared/messages/projects';
import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError, unwrap } from '../../../../lib/api-error';
import { useAdminApi, useAdminHost } from '../../admin-context';
import type { AdminHost } from '../../host';
import type { AdminApi } from '../../types';

export interface DownloadableFile {
  id: string;
  submissionId: string;
  downloadUrl: string;
  originalName: string;
}

/** Hands `href` to the browser's own download (its progress, its pause and resume). */
function clickLink(href: string, name?: string) {
  const a = document.createElement('a');
  a.href = href;
  if (name) a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * In the browser: POST .../files/:fileId/link with the admin's token gives a link good for a few
 * minutes (decision 029), which the browser follows without the token, so a 400 MB file downloads
 * natively, with its progress, straight to disk. The API answers it with Content-Disposition, so
 * the page stays where it is.
 */
async function downloadByLink(api: AdminApi, host: AdminHost, file: DownloadableFile) {
  const { url } = await unwrap(
    api.admin.submissions[':id'].files[':fileId'].link.$post({
      param: { id: file.submissionId, fileId: file.id },
    }),
    projectMessages.downloadFailed,
  );
  clickLink(`${host.apiBase.replace(/\/$/, '')}${url}`);
}

/**
 * In the desktop console: GET /api/admin/submissions/:id/files/:fileId (the `downloadUrl` the
 * detail gives) with the admin's token, saved from a blob: the console forwards /api calls itself
 * and has no native download of a navigation. No 30 s timeout here: project files run to 400 MB.
 */
async function downloadAsBlob(host: AdminHost, file: DownloadableFile) {
  const token = host.token();
  let res: Response;
  try {
    res = await fetch(`${host.apiBase.replace(/\/$/, '')}${file.downloadUrl}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(projectMessages.downloadOffline, 0);
  }
  if (res.status === 401) host.sessionExpired();
  if (!res.ok) throw await readApiError(res, projectMessages.downloadFailed);
  const url = URL.createObjectURL(await res.blob());
  try {
    clickLink(url, file.originalName);
  } finally {
    // The click has handed the blob to the browser's download; free it once that has begun.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadSubmissionFile() {
  const api = useAdminApi();
  const host = useAdminHost();
  return useMutation({
    mutationFn: (file: DownloadableFile) =>
      host.kind === 'browser' ? downloadByLink(api, host, file) : downloadAsBlob(host, file),
  });
}
