import * as tus from 'tus-js-client';
import { ApiError, apiError } from './api-error';

/** The person cancelled the upload. */
export class UploadCancelledError extends Error {
  override name = 'UploadCancelledError';
}

/** The upload was stopped and kept (its page closed a view): a later start resumes it. */
export class UploadPausedError extends Error {
  override name = 'UploadPausedError';
}

/**
 * Bytes per PATCH: a refusal on the first bytes reaches the browser once at most this much was
 * sent, and no request runs near the server's time limits on a slow line. Resuming does not
 * depend on it: the server keeps every byte a cut request delivered.
 */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** When online but the server cannot be reached, try again this often. */
const RETRY_MS = 3000;

/** What a tus request's failure says: the API's message, status 0 when nothing answered. */
export function tusFailure(error: unknown, fallback: string): ApiError {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return new ApiError(fallback, 0);
  return apiError(response.getStatus(), response.getBody(), fallback);
}

/** The last part of a tus upload's URL: the id the API knows the upload by. */
export const uploadIdOf = (url: string) => url.split('/').pop() ?? '';

export interface TusSendOptions {
  /** The API's tus endpoint, e.g. `/api/uploads` or the console's API origin + it. */
  endpoint: string;
  headers: Record<string, string>;
  metadata: Record<string, string>;
  /** Names this file in tus's URL storage (localStorage), so a reload can resume it. */
  fingerprint: string;
  /** Keep the stored URL after success: the caller forgets it once the upload is used. */
  keepOnSuccess?: boolean;
  signal: AbortSignal;
  /** Stops the upload and keeps it on the server and in the URL storage, to resume later. */
  pause?: AbortSignal;
  onBytes: (sent: number) => void;
  onWaiting: (waiting: boolean) => void;
  /** The message when the API refuses without one of its own. */
  fallback: string;
}

/**
 * One file over tus (decision 030): resumed from this browser's earlier upload of the same
 * fingerprint when there is one (`findPreviousUploads`, from the server's offset), else created.
 * A lost connection waits for the network (`onWaiting`) and goes on; a refusal rejects with the
 * API's message. Aborting `signal` aborts and terminates the upload (DELETE) and rejects with
 * `UploadCancelledError`; aborting `pause` only stops it (`UploadPausedError`). Answers the
 * upload's URL.
 */
export function sendOverTus(file: File, options: TusSendOptions): Promise<string> {
  const { signal, pause, onBytes, onWaiting } = options;
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resume = () => {
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      onWaiting(false);
      if (!signal.aborted && !pause?.aborted) upload.start();
    };
    const upload = new tus.Upload(file, {
      endpoint: options.endpoint,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000],
      headers: options.headers,
      metadata: options.metadata,
      fingerprint: async () => options.fingerprint,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: !options.keepOnSuccess,
      onProgress: (sent) => onBytes(sent),
      // A resumed upload starts where the server's offset is (its HEAD), before any byte goes.
      onAfterResponse: (_req, res) => {
        const offset = Number(res.getHeader('Upload-Offset'));
        if (res.getStatus() < 300 && Number.isFinite(offset) && offset > 0) onBytes(offset);
      },
      onSuccess: () => {
        signal.removeEventListener('abort', cancel);
        pause?.removeEventListener('abort', stop);
        resolve(upload.url ?? '');
      },
      onError: (error) => {
        if (signal.aborted || pause?.aborted) return;
        const failure = tusFailure(error, options.fallback);
        if (failure.status !== 0) {
          signal.removeEventListener('abort', cancel);
          pause?.removeEventListener('abort', stop);
          reject(failure);
          return;
        }
        // No answer: the network went, or the server is restarting. Go on when it is back.
        onWaiting(true);
        window.addEventListener('online', resume);
        if (navigator.onLine) timer = setTimeout(resume, RETRY_MS);
      },
    });
    const halt = (terminate: boolean) => {
      clearTimeout(timer);
      window.removeEventListener('online', resume);
      signal.removeEventListener('abort', cancel);
      pause?.removeEventListener('abort', stop);
      void upload.abort(terminate).catch(() => {});
    };
    const cancel = () => {
      halt(true);
      reject(new UploadCancelledError('Upload cancelled'));
    };
    const stop = () => {
      halt(false);
      reject(new UploadPausedError('Upload paused'));
    };
    if (signal.aborted) return cancel();
    if (pause?.aborted) return stop();
    signal.addEventListener('abort', cancel, { once: true });
    pause?.addEventListener('abort', stop, { once: true });
    upload.findPreviousUploads().then(
      (previous) => {
        const [last] = previous;
        if (last) upload.resumeFromPreviousUpload(last);
        if (!signal.aborted && !pause?.aborted) upload.start();
      },
      () => upload.start(),
    );
  });
}

/** tus's record of this browser's uploads (localStorage), for finding and forgetting them. */
export const tusUrlStorage = () => tus.defaultOptions.urlStorage;

/** Terminates an upload the browser no longer sends (DELETE), with the headers it was sent with. */
export const terminateTusUpload = (url: string, headers: Record<string, string>) =>
  tus.Upload.terminate(url, { headers });
