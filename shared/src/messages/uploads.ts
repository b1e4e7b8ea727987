/**
 * Texts of uploads, all ours (the spec's own file texts, 20 files, 400MB and the file types,
 * are the project form's, in projects.ts): multipart bodies a server refuses (decision 027),
 * resumable (tus) project uploads (decision 030) and the lock the API processes share over one.
 */
export const uploadMessages = {
  // Multipart bodies.
  noBoundary: 'The upload has no multipart boundary: send it as multipart/form-data',
  malformed: 'The upload could not be read as multipart form data',
  truncated: 'The upload ended before its last part was complete',
  /** The declared (or, streamed, the counted) size is beyond what the form can carry. */
  requestTooLarge: 'The upload is larger than this form accepts',
  fieldNotText: (name: string) => `The field "${name}" contains characters that are not allowed`,
  fieldTooLong: (name: string) => `The field "${name}" is too long`,
  tooManyFields: 'Too many form fields',
  tooManyParts: 'Too many form parts',
  fileNameRefused: (name: string) => `The file name "${name}" is not allowed`,
  unexpectedFileField: (field: string) => `Unexpected file field "${field}"`,
  notStored: 'The file could not be stored',
  interrupted: 'The upload was interrupted',
  // Resumable (tus) uploads.
  /** No draft token, or one the server does not know (expired, or never issued). */
  draftUnknown: 'This upload session has expired. Please choose your files again.',
  lengthRequired: 'An upload must declare its size in Upload-Length',
  emptyFile: (name: string) => `${name} is empty`,
  tooManyUploads: 'Too many uploads from this address. Please try again later.',
  uploadNotFound: 'This upload was not found: it may have expired. Please choose the file again.',
  offsetConflict:
    'The upload is out of step with the server: ask where it stands (HEAD) and resume',
  notComplete: (name: string) => `${name} has not finished uploading`,
  alreadyUsed: (name: string) => `${name} was already sent with another project`,
  /** The site, after a reload, when files of the unfinished project must be picked again. */
  chooseAgain: (names: string) => `Choose these files again to finish uploading: ${names}`,
  /** The site, while the browser is offline in the middle of an upload. */
  waitingForNetwork: 'Connection lost. The upload will resume when you are back online.',
  /** Another request still writes this upload and did not let go in time (409, retried). */
  uploadBusy:
    'This upload is still being written by another request. Please try again in a moment.',
} as const;
