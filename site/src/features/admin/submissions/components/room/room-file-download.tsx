import { Button } from '@mantine/core';
import { projectMessages } from '@studio/shared/messages/projects';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, readApiError } from '../../../../../lib/api-error';
import { saveBlob } from '../../../../../lib/save-blob';
import { toast } from '../../../../../lib/toast';
import { useAdminHost, useApiUrl } from '../../../admin-context';
import { ADMIN_TOAST } from '../../../admin-toast';
import { errorMessage } from '../../../api/admin-result';

/**
 * A shared file's download. In the browser a link: the signed URL needs no token and the API
 * answers it as an attachment, so the browser's own download runs (progress, resume). The
 * desktop console has no native download of a navigation: there it is fetched and saved.
 */
export function RoomFileDownload({ name, url }: { name: string; url: string }) {
  const host = useAdminHost();
  const apiUrl = useApiUrl();
  const [saving, setSaving] = useState(false);
  const label = `Download ${name}`;
  if (host.kind === 'browser')
    return (
      <Button
        component="a"
        href={apiUrl(url)}
        download={name}
        size="compact-sm"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        aria-label={label}
      >
        Download
      </Button>
    );
  const save = async () => {
    setSaving(true);
    try {
      const res = await fetch(apiUrl(url)).catch(() => {
        throw new ApiError(projectMessages.downloadOffline, 0);
      });
      if (!res.ok) throw await readApiError(res, projectMessages.downloadFailed);
      saveBlob(await res.blob(), name);
    } catch (error) {
      toast.error(errorMessage(error, projectMessages.downloadFailed), ADMIN_TOAST);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={label}
      loading={saving}
      onClick={() => void save()}
    >
      Download
    </Button>
  );
}
