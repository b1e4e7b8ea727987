/**
 * Messages of the Mass Email tab and its calls: the spec's texts verbatim (sections 5 and 8),
 * and ours where the spec gives none (marked).
 */
export const blastMessages = {
  required: 'Email addresses and subject are required',
  fileType: 'Please upload a JPEG, PNG, or PDF file',
  fileTooLarge: 'File size must be less than 5MB',
  sendFailed: 'Failed to send emails',
  /** Toast when some failed (6 s). */
  completedWithFailures: (sent: number, failed: number) =>
    `Email blast completed! Sent: ${sent}, Failed: ${failed}`,
  /** Toast when none failed (5 s). */
  sentTo: (sent: number) => `Email blast sent successfully to ${sent} recipient(s)!`,
  emailListLoaded: 'Email list loaded',
  flyerAttached: 'Flyer attached',
  subscribersFetchFailed: 'Failed to fetch subscribers',
  subscribersLoadFailed: 'Failed to load subscribers',
  subscribersLoaded: (n: number) => `Loaded ${n} subscriber(s)`,
  // Ours.
  noValidRecipients: 'Please enter at least one valid email address',
  subjectTooLong: 'Subject must be at most 200 characters',
  messageTooLong: 'Message must be at most 20000 characters',
  oneAttachmentOnly: 'Attach one file only',
  multipartRequired: 'Send the email blast as multipart/form-data',
  blastNotFound: 'Email blast not found',
  nothingToRetry: 'This email blast has no failed recipients to retry',
  nothingToResend: 'This email blast has no recipients with an unknown result',
  /** The answer when the blast is still being sent after the request's wait. */
  stillSending: 'The email blast is being sent; its progress is shown in the history',
  importContentRequired: 'Please provide the contents of a .txt or .csv file',
  importTooLarge: 'The list is too large (at most 1 MB)',
} as const;
