import { projectMessages } from '@studio/shared/messages/projects';
import type { UploadDraftResponse } from '@studio/shared/schemas/project-uploads';
import { storedToken } from '../../../lib/api-client';
import { ApiError, apiError } from '../../../lib/api-error';
import {
  sendOverTus,
  terminateTusUpload,
  tusUrlStorage,
  UploadCancelledError,
  uploadIdOf,
} from '../../../lib/tus-upload';
import type { ProjectSubmission, SubmittedProject, UploadProgress } from '../types';

export { UploadCancelledError };

const ENDPOINT = '/api/uploads';
/** The draft this browser's unfinished project belongs to (decision 030). */
const DRAFT_KEY = 'studio.uploadDraft';

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
  const all = await tusUrlStorage().findAllUploads();
  return all
    .filter((u) => u.urlStorageKey.includes(fingerprintPrefix(draft)))
    .map((u) => u.metadata.filename ?? '')
    .filter(Boolean);
}

async function forgetUploads(draft: string) {
  const storage = tusUrlStorage();
  for (const u of await storage.findAllUploads()) {
    if (u.urlStorageKey.includes(fingerprintPrefix(draft)))
      await storage.removeUpload(u.urlStorageKey);
  }
}

/** One file over tus into the draft; kept in this browser until the project is submitted. */
async function uploadFile(
  file: File,
  draft: string,
  options: {
    signal: AbortSignal;
    onBytes: (sent: number) => void;
    onWaiting: (waiting: boolean) => void;
  },
): Promise<string> {
  const url = await sendOverTus(file, {
    ...options,
    endpoint: ENDPOINT,
    headers: { 'Upload-Draft': draft },
    metadata: { filename: file.name, filetype: file.type },
    fingerprint: fingerprintOf(draft, file),
    // Kept until the project is submitted: a reload before then finds completed files too.
    keepOnSuccess: true,
    fallback: projectMessages.submitFailed,
  });
  return uploadIdOf(url);
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
        ids.map((id) => terminateTusUpload(`${ENDPOINT}/${id}`, { 'Upload-Draft': draft })),
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
