/**
 * Texts of the Mass Email tab and its calls (spec sections 5 and 8). `blastSpec` holds the
 * spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const blastSpec = {
  required: 'Email addresses and subject are required',
  fileType: 'Please upload a JPEG, PNG, or PDF file',
  sendFailed: 'Failed to send emails',
  /** Toast when some failed (6 s): 'Email blast completed! Sent: N, Failed: M'. */
  completedWithFailures: (sent: number, failed: number) =>
    `Email blast completed! Sent: ${sent}, Failed: ${failed}`,
  /** Toast when none failed (5 s): 'Email blast sent successfully to N recipient(s)!'. */
  sentTo: (sent: number) => `Email blast sent successfully to ${sent} recipient(s)!`,
  emailListLoaded: 'Email list loaded',
  flyerAttached: 'Flyer attached',
  subscribersFetchFailed: 'Failed to fetch subscribers',
  subscribersLoadFailed: 'Failed to load subscribers',
  /** 'Loaded N subscriber(s)' */
  subscribersLoaded: (n: number) => `Loaded ${n} subscriber(s)`,
} as const;

export const blastMessages = {
  ...blastSpec,
  /** The spec says "max 5 MB" for the attachment; the words are its event form's. */
  fileTooLarge: 'File size must be less than 5MB',
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
  // The admin's history of blasts, and sending to failed or unknown recipients again.
  historyFailed: 'Failed to load the email blast history',
  retryCallFailed: 'Failed to retry the failed recipients',
  retryFailed: 'Retry failed',
  /** `recipients`: the count with its noun, "3 failed recipients". */
  retrying: (recipients: string) => `Retrying ${recipients}`,
  resendFailed: 'Failed to resend to the unknown recipients',
  /** `recipients`: the count with its noun, "1 recipient". */
  resending: (recipients: string) => `Resending to ${recipients}`,
} as const;
