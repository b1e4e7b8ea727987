/**
 * Texts of events: the landing page's events list and the admin's Events tab (spec sections 5
 * "Event form" and 8). `eventSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const eventSpec = {
  flyerRequired: 'Event flyer is required',
  flyerNotJpeg: 'Please upload a JPEG image',
  flyerTooLarge: 'File size must be less than 5MB',
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  deleted: 'Event deleted successfully',
  saveFailed: 'Failed to save event',
  deleteFailed: 'Failed to delete event',
  /** The public list's and the admin list's failure alike. */
  fetchFailed: 'Failed to fetch events',
} as const;

export const eventMessages = {
  ...eventSpec,
  // The spec says these are required but gives no text.
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Please enter a valid date',
  ticketLinkInvalid: 'Ticket link must be a valid URL',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  locationTooLong: 'Location must be at most 200 characters',
  // The form has one flyer input, so a second file is a crafted request.
  oneFlyerOnly: 'Only one flyer can be uploaded',
  multipartRequired: 'Send the event as multipart/form-data',
  notFound: 'Event not found',
  /** The admin opened an event that was deleted meanwhile. */
  gone: 'This event no longer exists.',
} as const;
