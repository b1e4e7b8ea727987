import { limits } from '@studio/shared/limits';
import { messages } from '@studio/shared/messages';
import type { ProjectSubmissionResponse } from '@studio/shared/schemas/project';
import { useMutation } from '@tanstack/react-query';
import { storedToken } from '../../../lib/api-client';

export interface ProjectSubmission {
  name: string;
  email: string;
  /** The service's title, as the spec sends it. */
  service: string;
  notes: string;
  timeline: string;
  budget: string;
  files: File[];
}

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
  if (files.length > limits.maxFiles) return messages.project.tooManyFiles;
  // The server refuses a file of maxFileBytes or more ("under 400MB").
  const tooLarge = files.filter((f) => f.size >= limits.maxFileBytes).length;
  if (tooLarge > 0) return messages.project.filesTooLarge(tooLarge);
  const refused = files.find((f) => !isAccepted(f));
  if (refused) return messages.project.fileTypeRefused(refused.name);
  return null;
}

/** A failed submission, with the reason the spec's section 8 gives for it. */
export class SubmitProjectError extends Error {
  override name = 'SubmitProjectError';
}

/** Spec 8: the server's message when it answers JSON, its status line when it does not. */
async function failureReason(res: Response): Promise<string> {
  if (res.headers.get('content-type')?.includes('application/json')) {
    try {
      const body: unknown = await res.json();
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
        return body.message;
    } catch {
      // Announced as JSON but is not: fall through to the fallback.
    }
    return messages.project.submitFailed;
  }
  return `Server error (${res.status}): ${res.statusText}`;
}

/**
 * POST /api/projects/submit as multipart: the text fields first (the server checks them before
 * it stores any file), then each file. Plain fetch rather than the RPC client, whose 30-second
 * timeout would cut off uploads of up to 20 files of 400 MB.
 */
export async function submitProject(
  input: ProjectSubmission,
  signal?: AbortSignal,
): Promise<ProjectSubmissionResponse> {
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

  const token = storedToken();
  let res: Response;
  try {
    res = await fetch('/api/projects/submit', {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SubmitProjectError(messages.project.submitFailed);
  }
  if (!res.ok) throw new SubmitProjectError(await failureReason(res));
  return (await res.json()) as ProjectSubmissionResponse;
}

export function useSubmitProject() {
  return useMutation({
    mutationFn: ({ input, signal }: { input: ProjectSubmission; signal?: AbortSignal }) =>
      submitProject(input, signal),
  });
}
