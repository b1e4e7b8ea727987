/**
 * Texts of any request, whatever its domain: the API's answers to a request it cannot take,
 * and the site's words for a call or a page that failed without a reason. All ours.
 */
export const httpMessages = {
  badRequest: 'Bad request',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Send the request body as application/json',
  payloadTooLarge: 'The request body is too large',
  notFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again.',
  validation: 'Some fields are not valid',
  unavailable: 'The service is temporarily unavailable',
  // The site.
  /** A call that failed with no message of its own to show. */
  failed: 'Something went wrong. Please try again.',
  /** Under a failed list's title when the server gave no reason. */
  tryAgain: 'Please try again.',
  checkConnection: 'Check your connection and try again.',
  /** A route that threw while loading or rendering. */
  pageFailedTitle: 'Something went wrong',
  pageFailed: 'This page could not be loaded. Check your connection and try again.',
  /** A code-split window whose download failed. */
  windowFailed: 'Could not open this window. Check your connection and try again.',
} as const;
