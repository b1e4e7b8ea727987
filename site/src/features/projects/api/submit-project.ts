import { limits } from '@studio/shared/limits';
import { projectMessages } from '@studio/shared/messages/projects';
import { useMutation } from '@tanstack/react-query';
import { storedToken } from '../../../lib/api-client';
import { ApiError, apiError } from '../../../lib/api-error';
import type { ProjectSubmission, SubmittedProject, UploadProgress } from '../types';
import { submitProjectResumably, UploadCancelledError } from './upload-project-files';

function isAccepted(file: File): boolean {
  // A type the browser does not know (empty) is left to the server, which checks the content.
  return (
    file.type === '' ||
    file.type.startsWith('audio/') ||
    file.type.startsWith('video/') ||
    file.name.toLowerCase().endsWith('.zip')
  );
}

/** Spec 5's file rules, as the toast to show, or null when the selection is fine. */
export function fileProblem(files: readonly File[]): string | null {
  if (files.length > limits.maxFiles) return projectMessages.tooManyFiles;
  // The server refuses a file of maxFileBytes or more ("under 400MB").
  const tooLarge = files.filter((f) => f.size >= limits.maxFileBytes).length;
  if (tooLarge > 0) return projectMessages.filesTooLarge(tooLarge);
  const refused = files.find((f) => !isAccepted(f));
  if (refused) return projectMessages.fileTypeRefused(refused.name);
  return null;
}

/** Spec 8: the server's message when it answers JSON, its status line when it does not. */
function failure(xhr: XMLHttpRequest): ApiError {
  if (xhr.getResponseHeader('content-type')?.includes('application/json'))
    return apiError(xhr.status, xhr.responseText, projectMessages.submitFailed);
  return new ApiError(projectMessages.serverError(xhr.status, xhr.statusText), xhr.status);
}

/**
 * POST /api/projects/submit as multipart: the text fields first (the server checks them before
 * it stores any file), then each file. XMLHttpRequest rather than fetch, which cannot report
 * upload progress, and rather than the RPC client, whose 30-second timeout would cut off uploads
 * of up to 20 files of 400 MB. A failure rejects with an `ApiError` carrying spec 8's reason.
 */
export function submitProject(
  input: ProjectSubmission,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {},
): Promise<SubmittedProject> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('email', input.email);
  form.append('service', input.service);
  form.append('notes', input.notes);
  form.append('timeline', input.timeline);
  form.append('budget', input.budget);
  // An empty part (a cleared input, a zero-byte file) has nothing to deliver and would only make
  // the server refuse the whole submission as an unknown file type.
  for (const file of input.files) if (file.size > 0) form.append('files', file);

  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError('Upload cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/projects/submit');
    const token = storedToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as SubmittedProject);
        } catch {
          reject(new ApiError(projectMessages.submitFailed, xhr.status));
        }
        return;
      }
      reject(failure(xhr));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(projectMessages.submitFailed, 0));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelledError('Upload cancelled'));
    };
    xhr.send(form);
  });
}

/** How far each file has got, from the bytes of the whole request sent so far. */
export function fileProgress(files: readonly File[], progress: UploadProgress): number[] {
  const sizes = files.filter((f) => f.size > 0).map((f) => f.size);
  const fileBytes = sizes.reduce((a, b) => a + b, 0);
  // The fields and multipart headers go first; the files' bytes follow in order.
  const overhead = Math.max(0, progress.total - fileBytes);
  let sent = Math.max(0, progress.loaded - overhead);
  return files.map((file) => {
    if (file.size === 0) return 100;
    const part = Math.min(sent, file.size);
    sent -= part;
    return Math.round((part / file.size) * 100);
  });
}

/** "About 2 min 5 s left" from the average rate since the upload started. */
export function timeLeft(progress: UploadProgress, elapsedMs: number): string | null {
  if (progress.loaded <= 0 || elapsedMs < 500) return null;
  if (progress.loaded >= progress.total) return 'Finishing...';
  const seconds = Math.ceil(
    ((progress.total - progress.loaded) / progress.loaded) * (elapsedMs / 1000),
  );
  if (seconds < 60) return `About ${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `About ${minutes} min ${seconds % 60} s left`;
  return `About ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/**
 * The form's submission: resumable (tus) uploads, then the project from them (decision 030).
 * `submitProject` above is the spec's multipart request, kept for clients that send one.
 */
export function useSubmitProject() {
  return useMutation({
    mutationFn: ({
      input,
      signal,
      onProgress,
      onWaiting,
    }: {
      input: ProjectSubmission;
      signal: AbortSignal;
      onProgress?: (progress: UploadProgress) => void;
      onWaiting?: (waiting: boolean) => void;
    }) =>
      submitProjectResumably(input, {
        signal,
        ...(onProgress ? { onProgress } : {}),
        ...(onWaiting ? { onWaiting } : {}),
      }),
  });
}
