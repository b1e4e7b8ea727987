/**
 * Texts of project submissions: the landing page's Submit Project form, its upload, and the
 * admin's Submissions tab. `projectSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const projectSpec = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  serviceRequired: 'Please select a service',
  notesRequired: 'Please provide project details',
  notesTooShort: 'Please provide more details about your project (at least 10 characters)',
  tooManyFiles: 'Maximum 20 files allowed',
  /** 'Files must be under 400MB. N file(s) too large.' */
  filesTooLarge: (n: number) => `Files must be under 400MB. ${n} file(s) too large.`,
  submitFailed: 'Failed to submit project',
  submitFailedToast: 'Failed to submit project. Please try again.',
  /** 'Server error (status): statusText': a reply that is not JSON. */
  serverError: (status: number | string, statusText: string) =>
    `Server error (${status}): ${statusText}`,
} as const;

export const projectMessages = {
  ...projectSpec,
  /** The spec accepts audio, video and .zip but gives no text for a refused file. */
  fileTypeRefused: (name: string) =>
    `"${name}" is not an audio, video or .zip file. Only audio, video and .zip files are accepted.`,
  submitted: "Project submitted successfully! We'll review it and get back to you within 24 hours.",
  /** The toast while the form and its files are sent. */
  submitting: 'Submitting your project...',
  /** The customer cancelled the upload before the project was sent. */
  uploadCancelled: 'Upload cancelled. Your project was not sent.',
  tooManySubmissions: 'Too many submissions from this address. Please try again later.',
  fieldsFirst: 'Send the form fields before the files',
  multipartRequired: 'Send the project as multipart/form-data',
  // The admin's Submissions tab.
  listFailed: 'Failed to load submissions',
  loadFailed: 'Failed to load the submission',
  /** The admin's download of a submission's file that is not there. */
  fileNotFound: 'File not found',
  downloadFailed: 'Failed to download the file',
  /** The download got no answer at all. */
  downloadOffline: 'Failed to download the file. Check the connection and try again.',
} as const;
