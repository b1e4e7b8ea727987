/**
 * Texts of the resumable (tus) project uploads that the spec does not give (ours). The spec's
 * own file texts (20 files, 400MB, the file types) are reused from messages.ts.
 */
export const tusMessages = {
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
} as const;
