import { downloadMessages } from '@studio/shared/messages/downloads';
import { roomMessages as m } from '@studio/shared/messages/project-room';
import { roomLimits, type VersionFileKind } from '@studio/shared/project-room';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../../lib/api-error';
import { toast } from '../../../../../lib/toast';
import { UploadCancelledError, UploadPausedError } from '../../../../../lib/tus-upload';
import { useAdminApi, useAdminHost } from '../../../admin-context';
import { ADMIN_TOAST } from '../../../admin-toast';
import { errorMessage } from '../../../api/admin-result';
import { useSetSubmissionRoom } from '../../api/get-submission-room';
import { createVersionDraft, shareVersion } from '../../api/share-version';
import {
  discardVersionUpload,
  forgetVersionFile,
  type KeptVersionUpload,
  keepVersionUpload,
  keptVersionUpload,
  sendVersionFile,
  versionCountRefusal,
  versionFileFingerprint,
  versionFileRefusal,
} from '../../api/upload-version-file';

/** A file chosen for the next version: its kind, and how far its upload got. */
export interface VersionFileItem {
  key: string;
  file: File;
  kind: VersionFileKind;
  state: 'ready' | 'uploading' | 'uploaded';
  sent: number;
  /** The connection went: the upload goes on when it is back. */
  waiting: boolean;
  uploadId: string | null;
}

/** Editing the version; its files uploading one after another; the API storing them. */
export type SharePhase = 'editing' | 'uploading' | 'sharing';

/** Audio is most often a preview to listen to; anything else (stems, a ZIP) a final. */
const defaultKind = (file: File): VersionFileKind =>
  file.type.startsWith('audio/') ? 'preview' : 'final';

let nextKey = 0;

/**
 * The "Share a version" form's files and their uploads (decision 046): files added within the
 * limits, each a preview or a final; on Share, a draft, each file over tus with its progress and
 * Cancel (the upload is deleted and the file leaves the version), then the share. The draft is
 * kept in this browser until shared, so after a closed detail or a reload the same files resume
 * from the server's offset. Closing the detail stops the uploads and keeps them.
 */
export function useVersionShare(submissionId: string) {
  const api = useAdminApi();
  const host = useAdminHost();
  const setRoom = useSetSubmissionRoom();
  const [items, setItemsState] = useState<VersionFileItem[]>([]);
  // The upload loop reads the list as it is now (a file cancelled meanwhile), not as it began.
  const itemsRef = useRef<VersionFileItem[]>([]);
  const [phase, setPhase] = useState<SharePhase>('editing');
  const [error, setError] = useState<string | null>(null);
  const [kept, setKept] = useState<KeptVersionUpload | null>(() => keptVersionUpload(submissionId));
  const cancels = useRef(new Map<string, AbortController>());
  const pauseRef = useRef<AbortController | null>(null);

  useEffect(() => () => pauseRef.current?.abort(), []);

  const setItems = useCallback((change: (items: VersionFileItem[]) => VersionFileItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItemsState(itemsRef.current);
  }, []);
  const update = useCallback(
    (key: string, patch: Partial<VersionFileItem>) =>
      setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i))),
    [setItems],
  );

  const add = useCallback(
    (files: File[]) => {
      setError(null);
      const fingerprint = (file: File) => versionFileFingerprint(submissionId, file);
      const held = new Set(itemsRef.current.map((i) => fingerprint(i.file)));
      const fresh = files.filter((file) => !held.has(fingerprint(file)));
      const tooMany = versionCountRefusal(
        itemsRef.current.length,
        fresh.length,
        roomLimits.maxFilesPerVersion,
      );
      if (tooMany) return setError(tooMany);
      const refusals: string[] = [];
      const accepted = fresh.filter((file) => {
        const refusal = versionFileRefusal(file, roomLimits.maxFileBytes);
        if (refusal) refusals.push(`${file.name}: ${refusal}`);
        return !refusal;
      });
      setItems((list) => [
        ...list,
        ...accepted.map((file) => ({
          key: `version-file-${nextKey++}`,
          file,
          kind: defaultKind(file),
          state: 'ready' as const,
          sent: 0,
          waiting: false,
          uploadId: null,
        })),
      ]);
      if (refusals.length > 0) setError(refusals.join(' '));
    },
    [submissionId, setItems],
  );

  const setKind = useCallback(
    (key: string, kind: VersionFileKind) => update(key, { kind }),
    [update],
  );

  /** A file taken out before sharing; its finished upload, if any, is deleted. */
  const remove = useCallback(
    (key: string) => {
      const item = itemsRef.current.find((i) => i.key === key);
      setItems((list) => list.filter((i) => i.key !== key));
      const draftToken = keptVersionUpload(submissionId)?.draftToken;
      if (item?.uploadId && draftToken)
        void forgetVersionFile(versionFileFingerprint(submissionId, item.file), draftToken);
    },
    [submissionId, setItems],
  );

  const cancel = useCallback((key: string) => cancels.current.get(key)?.abort(), []);

  const discardKept = useCallback(async () => {
    await discardVersionUpload(submissionId, { terminate: true });
    setKept(null);
  }, [submissionId]);

  /** Uploads what is not uploaded yet, then shares; true once the version is shared. */
  const share = useCallback(
    async (note: string): Promise<boolean> => {
      setError(null);
      if (itemsRef.current.length === 0) {
        setError(m.versionNeedsFiles);
        return false;
      }
      const pause = new AbortController();
      pauseRef.current = pause;
      setPhase('uploading');
      try {
        let draftToken = keptVersionUpload(submissionId)?.draftToken;
        if (!draftToken) {
          const draft = await createVersionDraft(api, submissionId);
          const refusal =
            versionCountRefusal(0, itemsRef.current.length, draft.maxFiles) ??
            itemsRef.current
              .map((i) => versionFileRefusal(i.file, draft.maxFileBytes))
              .find((r) => r !== null) ??
            null;
          if (refusal) throw new ApiError(refusal, 413);
          draftToken = draft.draftToken;
        }
        const token = draftToken;
        const remember = () => {
          const record = {
            draftToken: token,
            files: itemsRef.current.map((i) => ({
              fingerprint: versionFileFingerprint(submissionId, i.file),
              name: i.file.name,
            })),
          };
          keepVersionUpload(submissionId, record);
          setKept(record);
        };
        remember();
        for (const item of [...itemsRef.current]) {
          if (item.uploadId) continue;
          const cancelled = new AbortController();
          cancels.current.set(item.key, cancelled);
          update(item.key, { state: 'uploading', sent: 0, waiting: false });
          try {
            const uploadId = await sendVersionFile({
              apiBase: host.apiBase,
              submissionId,
              draftToken: token,
              file: item.file,
              signal: cancelled.signal,
              pause: pause.signal,
              onBytes: (sent) => update(item.key, { sent, waiting: false }),
              onWaiting: (waiting) => update(item.key, { waiting }),
            });
            update(item.key, { state: 'uploaded', uploadId, sent: item.file.size });
          } catch (failure) {
            if (failure instanceof UploadCancelledError) {
              setItems((list) => list.filter((i) => i.key !== item.key));
              remember();
              toast.info(downloadMessages.uploadCancelled(item.file.name), ADMIN_TOAST);
              continue;
            }
            if (!(failure instanceof UploadPausedError)) {
              update(item.key, { state: 'ready', sent: 0, waiting: false });
              // Refused (its type, say): nothing of it is left to go on with.
              if (failure instanceof ApiError && failure.status > 0)
                await forgetVersionFile(versionFileFingerprint(submissionId, item.file));
            }
            throw failure;
          } finally {
            cancels.current.delete(item.key);
          }
        }
        const files = itemsRef.current.flatMap((i) =>
          i.uploadId ? [{ uploadId: i.uploadId, kind: i.kind }] : [],
        );
        if (files.length === 0) {
          setPhase('editing');
          return false;
        }
        setPhase('sharing');
        const answer = await shareVersion(api, submissionId, { draftToken: token, note, files });
        await discardVersionUpload(submissionId);
        setKept(null);
        setItems(() => []);
        setPhase('editing');
        setRoom(answer.room);
        toast.success(answer.message, ADMIN_TOAST);
        return true;
      } catch (failure) {
        if (failure instanceof UploadPausedError) return false;
        // The share is sent without the dashboard's fetch, whose 401 rule this is.
        if (failure instanceof ApiError && failure.status === 401) host.sessionExpired();
        // A draft or uploads the server no longer knows: the next Share starts anew.
        if (failure instanceof ApiError && (failure.status === 403 || failure.status === 404)) {
          await discardVersionUpload(submissionId);
          setKept(null);
          setItems((list) =>
            list.map((i) => ({ ...i, state: 'ready', sent: 0, waiting: false, uploadId: null })),
          );
        }
        setPhase('editing');
        setError(errorMessage(failure, m.shareFailed));
        return false;
      }
    },
    [api, host, submissionId, setItems, update, setRoom],
  );

  return { items, phase, error, kept, add, setKind, remove, cancel, share, discardKept };
}
