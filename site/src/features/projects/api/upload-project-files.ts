import { projectMessages } from '@studio/shared/messages/projects';
import type { UploadDraftResponse } from '@studio/shared/schemas/project-uploads';
import * as tus from 'tus-js-client';
import { storedToken } from '../../../lib/api-client';
import { ApiError, apiError } from '../../../lib/api-error';
import type { ProjectSubmission, SubmittedProject, UploadProgress } from '../types';

/** The visitor cancelled the upload. */
export class UploadCancelledError extends Error {
  override name = 'UploadCancelledError';
}

const ENDPOINT = '/api/uploads';
/** The draft this browser's unfinished project belongs to (decision 030). */
const DRAFT_KEY = 'studio.uploadDraft';
/**
 * Bytes per PATCH: a refusal on the first bytes reaches the browser once at most this much was
 * sent, and no request runs near the server's time limits on a slow line. Resuming does not
 * depend on it: the server keeps every byte a cut request delivered.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** When online but the server cannot be reached, try again this often. */
const RETRY_MS = 3000;

const fingerprintPrefix = (draft: string) => `studio-project:${draft}:`;
const fingerprintOf = (draft: string, file: File) =>
  `${fingerprintPrefix(draft)}${[file.name, file.type, file.size, file.lastModified].join(':')}`;

async function newDraft(): Promise<string> {
  const res = await fetch('/api/uploads/drafts', { method: 'POST' });
  const text = await res.text();
  if (!res.ok) throw apiError(res.status, text, projectMessages.submitFailed);
  const { draftToken } = JSON.parse(text) as UploadDraftResponse;
  localStorage.setItem(DRAFT_KEY, draftToken);
  return draftToken;
}

/**
 * Files of an unfinished project of this browser (a reload, a closed tab): what the form asks
 * the visitor to choose again, so their uploads resume where they stopped.
 */
export async function unfinishedUploads(): Promise<string[]> {
  const draft = localStorage.getItem(DRAFT_KEY);
  if (!draft) return [];
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all
    .filter((u) => u.urlStorageKey.includes(fingerprintPrefix(draft)))
    .map((u) => u.metadata.filename ?? '')
    .filter(Boolean);
}

async function forgetUploads(draft: string) {
  const storage = tus.defaultOptions.urlStorage;
  for (const u of await storage.findAllUploads()) {
    if (u.urlStorageKey.includes(fingerprintPrefix(draft)))
      await storage.removeUpload(u.urlStorageKey);
  }
}

function failureOf(error: unknown): ApiError {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return new ApiError(projectMessages.submitFailed, 0);
  return apiError(response.getStatus(), response.getBody(), projectMessages.submitFailed);
}

/**
 * One file over tus: resumed from this browser's earlier upload of the same file in this draft
 * when there is one (`findPreviousUploads`), else created. A lost connection waits for the
 * network (`onWaiting`) and goes on from the server's offset; a refusal rejects with its
 * message. Cancelling aborts and terminates the upload. Answers the upload's id.
 */
function uploadFile(
  file: File,
  draft: string,
  {
    signal,
    onBytes,
    onWaiting,
  }: {
    signal: AbortSignal;
    onBytes: (sent: number) => void;
    onWaiting: (waiting: boolean) => void;
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resume = () => {
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      onWaiting(false);
      if (!signal.aborted) upload.start();
    };
    const upload = new tus.Upload(file, {
      endpoint: ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000],
      headers: { 'Upload-Draft': draft },
      metadata: { filename: file.name, filetype: file.type },
      fingerprint: async () => fingerprintOf(draft, file),
      storeFingerprintForResuming: true,
      // Kept until the project is submitted: a reload before then finds completed files too.
      removeFingerprintOnSuccess: false,
      onProgress: (sent) => onBytes(sent),
      onSuccess: () => {
        signal.removeEventListener('abort', cancel);
        resolve(upload.url?.split('/').pop() ?? '');
      },
      onError: (error) => {
        if (signal.aborted) return;
        const failure = failureOf(error);
        if (failure.status !== 0) {
          signal.removeEventListener('abort', cancel);
          reject(failure);
          return;
        }
        // No answer: the network went, or the server is restarting. Go on when it is back.
        onWaiting(true);
        window.addEventListener('online', resume);
        if (navigator.onLine) timer = setTimeout(resume, RETRY_MS);
      },
    });
    const cancel = () => {
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      void upload.abort(true).catch(() => {});
      reject(new UploadCancelledError('Upload cancelled'));
    };
    signal.addEventListener('abort', cancel, { once: true });
    upload.findPreviousUploads().then(
      (previous) => {
        const [last] = previous;
        if (last) upload.resumeFromPreviousUpload(last);
        if (!signal.aborted) upload.start();
      },
      () => upload.start(),
    );
  });
}

/**
 * The project form sent resumably (decision 030): each file over tus into this browser's draft,
 * one after another, then `POST /api/projects/submit-uploads` with the fields and the upload
 * ids. Progress counts the files' bytes; a cancel terminates what was uploaded.
 */
export async function submitProjectResumably(
  input: ProjectSubmission,
  {
    signal,
    onProgress,
    onWaiting,
  }: {
    signal: AbortSignal;
    onProgress?: (progress: UploadProgress) => void;
    onWaiting?: (waiting: boolean) => void;
  },
): Promise<SubmittedProject> {
  // Empty files have nothing to deliver (as the multipart form skips them).
  const files = input.files.filter((f) => f.size > 0);
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
  let draft = localStorage.getItem(DRAFT_KEY) ?? (await newDraft());
  const ids: string[] = [];
  let done = 0;
  try {
    for (const file of files) {
      if (signal.aborted) throw new UploadCancelledError('Upload cancelled');
      const send = (token: string) =>
        uploadFile(file, token, {
          signal,
          onBytes: (sent) => onProgress?.({ loaded: done + sent, total }),
          onWaiting: (waiting) => onWaiting?.(waiting),
        });
      let id: string;
      try {
        id = await send(draft);
      } catch (error) {
        // A draft the server no longer knows (30 days, or a new database): start a new one.
        if (!(error instanceof ApiError && error.status === 403 && ids.length === 0)) throw error;
        draft = await newDraft();
        id = await send(draft);
      }
      ids.push(id);
      done += file.size;
      onProgress?.({ loaded: done, total });
    }
  } catch (error) {
    if (signal.aborted) {
      // Cancelled: what was uploaded goes too.
      await Promise.allSettled(
        ids.map((id) =>
          tus.Upload.terminate(`${ENDPOINT}/${id}`, { headers: { 'Upload-Draft': draft } }),
        ),
      );
      await forgetUploads(draft);
    }
    throw error;
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch('/api/projects/submit-uploads', {
    method: 'POST',
    headers,
    signal,
    body: JSON.stringify({
      name: input.name,
      email: input.email,
      service: input.service,
      notes: input.notes,
      timeline: input.timeline,
      budget: input.budget,
      draftToken: draft,
      uploadIds: ids,
    }),
  });
  const text = await res.text();
  if (!res.ok) {
    if (!res.headers.get('content-type')?.includes('application/json'))
      throw new ApiError(projectMessages.serverError(res.status, res.statusText), res.status);
    throw apiError(res.status, text, projectMessages.submitFailed);
  }
  await forgetUploads(draft);
  return JSON.parse(text) as SubmittedProject;
}
