/**
 * Texts of the contact forms: the landing page's, and the pitch and promo pages' (spec sections
 * 5 and 8). `contactSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const contactSpec = {
  /** Pitch and promo forms. */
  fillAllFields: 'Please fill in all fields',
  sent: "Message sent successfully! We'll get back to you within 24 hours.",
  landingFailed:
    'Sorry, there was an error sending your message. Please try again or email us directly',
  pitchFailed: 'Failed to send message. Please try again.',
} as const;

export const contactMessages = {
  ...contactSpec,
  // The landing form relies on the browser's required checks (spec 5); these are ours, in the
  // project form's words.
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please choose a project type',
  messageRequired: 'Please enter a message',
  tooMany: 'Too many messages from this address. Please try again later.',
} as const;
