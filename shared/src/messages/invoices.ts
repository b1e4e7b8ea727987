/** Texts of receipts and invoices (issue 18, item 4; decision 036). All ours: the spec has none. */
export const invoiceMessages = {
  /** An invoice asked for before the order is paid: it gets its number when it is. */
  orderNotPaid: 'This order has no invoice yet: its invoice is issued once it is paid.',
  submissionNotPaid: 'This project has no invoice yet: its invoice is issued once it is paid.',
  /** A submission that does not exist, or is not the signed-in customer's. */
  submissionNotFound: 'Project not found',
  /** A customer past the invoice downloads allowed in a window (decision 036). */
  tooManyDownloads: 'Too many invoice downloads. Please try again in a few minutes.',
  /** The site's download failing (network, server). */
  downloadFailed: 'The invoice could not be downloaded. Please try again.',
} as const;
