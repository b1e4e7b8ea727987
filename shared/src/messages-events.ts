/**
 * The admin events messages (spec sections 5 "Event form" and 8 "Admin"), verbatim where the
 * spec gives a text. Kept beside `messages.ts` so the API and the admin form share the words.
 */
export const eventMessages = {
  // The spec says these are required but gives no text: ours.
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Please enter a valid date',
  ticketLinkInvalid: 'Ticket link must be a valid URL',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 5,000 characters',
  locationTooLong: 'Location must be at most 200 characters',
  // Spec section 5.
  flyerRequired: 'Event flyer is required',
  flyerNotJpeg: 'Please upload a JPEG image',
  flyerTooLarge: 'File size must be less than 5MB',
  // Ours: the form has one flyer input, so a second file is a crafted request.
  oneFlyerOnly: 'Only one flyer can be uploaded',
  multipartRequired: 'Send the event as multipart/form-data',
  notFound: 'Event not found',
  // Spec section 8 (admin toasts).
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  deleted: 'Event deleted successfully',
  saveFailed: 'Failed to save event',
  deleteFailed: 'Failed to delete event',
  fetchFailed: 'Failed to fetch events',
} as const;
