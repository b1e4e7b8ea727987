/**
 * Texts of the multipart uploads' refusals that the spec does not give (ours): a body that is
 * not multipart form data a server can read, one larger than its form accepts, a text field
 * holding characters no form sends.
 */
export const uploadMessages = {
  noBoundary: 'The upload has no multipart boundary: send it as multipart/form-data',
  malformed: 'The upload could not be read as multipart form data',
  truncated: 'The upload ended before its last part was complete',
  /** The declared (or, streamed, the counted) size is beyond what the form can carry. */
  requestTooLarge: 'The upload is larger than this form accepts',
  fieldNotText: (name: string) => `The field "${name}" contains characters that are not allowed`,
} as const;
