/**
 * Texts of the newsletter's double opt-in (decision 025), ours: the spec's own newsletter texts
 * ('Please enter your email address', 'Successfully subscribed!', 'Failed to subscribe. Please
 * try again.') stay in messages.ts.
 */
export const newsletterMessages = {
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
};
