/**
 * Texts of the newsletter: the sign-up box (spec sections 5 and 8), its double opt-in (decision
 * 025) and unsubscribing. `newsletterSpec` holds the spec's exact words; the rest is ours.
 */

/** Spec: exact text (sections 5 and 8), byte for byte. Never reword these. */
export const newsletterSpec = {
  emailRequired: 'Please enter your email address',
  subscribed: 'Successfully subscribed!',
  failed: 'Failed to subscribe. Please try again.',
} as const;

export const newsletterMessages = {
  ...newsletterSpec,
  emailInvalid: 'Please enter a valid email address',
  unsubscribed: 'You have been unsubscribed.',
  badLink: 'This unsubscribe link is not valid.',
  /** Under the box after the success toast: the same for every address, subscribed or not. */
  checkInbox: 'Check your inbox and confirm to start getting updates.',
  /** The confirmation page (GET) and its button. */
  confirmTitle: 'Confirm your subscription',
  confirmQuestion: (email: string) =>
    `Send updates on new services and special offers to ${email}?`,
  confirmButton: 'Confirm subscription',
  confirmed: 'Thanks! Your subscription is confirmed.',
  badConfirmLink: 'This confirmation link is not valid.',
  confirmLinkExpired: 'This confirmation link has expired. Please subscribe again.',
  /** The Mass Email tab, beside the list upload: a list is mailed without any confirmation. */
  listConsent:
    'Listed and imported addresses are mailed without a confirmation: add only people who agreed to hear from you.',
  /** The console's subscriber import. */
  importConsent:
    'Imported addresses are subscribed at once, with no confirmation mail: import only people who agreed to hear from you.',
} as const;
