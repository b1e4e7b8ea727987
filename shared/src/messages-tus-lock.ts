/**
 * Texts of the lock shared by the API processes over a resumable upload (decision 030): ours,
 * the spec does not give them.
 */
export const tusLockMessages = {
  /** Another request still writes this upload and did not let go in time (409, retried). */
  uploadBusy:
    'This upload is still being written by another request. Please try again in a moment.',
} as const;
