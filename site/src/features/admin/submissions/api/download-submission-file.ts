import { useMutation } from '@tanstack/react-query';
import { ApiError, readApiError } from '../../../../lib/api-error';
import { useAdminHost } from '../../admin-context';
import type { AdminHost } from '../../host';

/**
 * GET /api/admin/submissions/:id/files/:fileId (the `downloadUrl` the detail gives) with the
 * admin's token, saved under the visitor's file name. A link cannot carry the bearer token, so
 * the file comes as a blob and is saved through an object URL. No 30 s timeout here: project
 * files run to 400 MB.
 */
export async function downloadSubmissionFile(
  host: AdminHost,
  file: { downloadUrl: string; originalName: string },
): Promise<void> {
  const token = host.token();
  let res: Response;
  try {
    res = await fetch(`${host.apiBase.replace(/\/$/, '')}${file.downloadUrl}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('Failed to download the file. Check the connection and try again.', 0);
  }
  if (res.status === 401) host.sessionExpired();
  if (!res.ok) throw await readApiError(res, 'Failed to download the file');
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = file.originalName;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the browser's download; free it once that has begun.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadSubmissionFile() {
  const host = useAdminHost();
  return useMutation({
    mutationFn: (file: { id: string; downloadUrl: string; originalName: string }) =>
      downloadSubmissionFile(host, file),
  });
}
