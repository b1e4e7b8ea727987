import { downloadMessages } from '@studio/shared/messages/downloads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast';
import { UploadCancelledError, UploadPausedError } from '../../../../lib/tus-upload';
import { useAdminApi, useAdminHost } from '../../admin-context';
import { ADMIN_TOAST } from '../../admin-toast';
import { errorMessage } from '../../api/admin-result';
import { useSetProductFiles } from '../api/product-files';
import {
  discardPending,
  isPendingFile,
  type PendingUpload,
  pendingUpload,
  uploadProductFile,
} from '../api/upload-product-file';

/** What the Files section shows of the upload under way. */
export type UploadView =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number; waiting: boolean }
  | { phase: 'adding'; name: string };

/**
 * One upload at a time into a digital product's files: its progress, Cancel (the upload is
 * deleted), the unfinished upload this browser kept (offered to resume after a reload), and the
 * last refusal. Closing the view stops the upload and keeps it, to resume later.
 */
export function useProductFileUpload(productId: string, maxFileBytes: number | undefined) {
  const api = useAdminApi();
  const host = useAdminHost();
  const setFiles = useSetProductFiles();
  const [view, setView] = useState<UploadView>({ phase: 'idle' });
  const [pending, setPending] = useState<PendingUpload | null>(() => pendingUpload(productId));
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<AbortController | null>(null);
  const pauseRef = useRef<AbortController | null>(null);

  useEffect(() => {
    setPending(pendingUpload(productId));
    setError(null);
    setView({ phase: 'idle' });
    return () => pauseRef.current?.abort();
  }, [productId]);

  const start = useCallback(
    async (file: File, replaces?: { id: string; name: string }) => {
      if (maxFileBytes === undefined) return;
      const cancel = new AbortController();
      const pause = new AbortController();
      cancelRef.current = cancel;
      pauseRef.current = pause;
      setError(null);
      setView({ phase: 'uploading', name: file.name, sent: 0, total: file.size, waiting: false });
      try {
        const answer = await uploadProductFile({
          api,
          apiBase: host.apiBase,
          productId,
          file,
          ...(replaces ? { replaces } : {}),
          maxFileBytes,
          signal: cancel.signal,
          pause: pause.signal,
          onBytes: (sent) =>
            setView((v) => (v.phase === 'uploading' ? { ...v, sent, waiting: false } : v)),
          onWaiting: (waiting) => setView((v) => (v.phase === 'uploading' ? { ...v, waiting } : v)),
          onAdding: () => setView({ phase: 'adding', name: file.name }),
        });
        setFiles(productId, answer.files);
        toast.success(answer.message, ADMIN_TOAST);
      } catch (failure) {
        if (failure instanceof UploadPausedError) return;
        if (failure instanceof UploadCancelledError)
          toast.info(downloadMessages.uploadCancelled(file.name), ADMIN_TOAST);
        else {
          // The add is sent without the dashboard's fetch, whose 401 rule this is.
          if (failure instanceof ApiError && failure.status === 401) host.sessionExpired();
          setError(errorMessage(failure, downloadMessages.fileUploadFailed));
        }
      } finally {
        if (!pause.signal.aborted) {
          setView({ phase: 'idle' });
          setPending(pendingUpload(productId));
        }
      }
    },
    [api, host, productId, maxFileBytes, setFiles],
  );

  /** The file chosen again for the unfinished upload: resumed if it is the same one. */
  const resume = useCallback(
    (file: File) => {
      if (pending && !isPendingFile(productId, pending, file)) {
        setError(downloadMessages.notTheSameFile(pending.name));
        return;
      }
      void start(file);
    },
    [pending, productId, start],
  );

  const cancel = useCallback(() => cancelRef.current?.abort(), []);

  const discard = useCallback(async () => {
    await discardPending(productId, { terminate: true });
    setPending(null);
    setError(null);
  }, [productId]);

  return { view, pending, error, start, resume, cancel, discard };
}
