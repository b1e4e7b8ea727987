/** Texts of the outbound mail the admin looks after (decision 022). All ours. */
export const mailMessages = {
  notFound: 'Mail not found',
  notResendable: 'Only a failed mail or one whose delivery is unknown can be sent again',
  attentionFailed: 'Failed to load the e-mails that need a look',
  resendFailed: 'Could not send the e-mail again',
  /** `purpose`: what the mail is, "Order confirmation". */
  queuedAgain: (purpose: string, to: string) => `${purpose} to ${to} is queued to be sent again`,
} as const;
