/**
 * Texts of digital products' files and their downloads (issue 25, decision 045). All ours: the
 * spec has none for these.
 */
export const downloadMessages = {
  // The customer's download, and its refusals.
  signInToDownload: 'Sign in to download your files.',
  linkNotValid: 'This download link is not valid. Open your order again and download from there.',
  linkExpired: 'This download link has expired. Open your order again and download from there.',
  fileNotFound: 'There is no such file on this order.',
  notPaid: 'This order is not paid yet: its files are ready to download once it is.',
  expired: (endedOn: string, contact: string) =>
    `Your access to these files ended on ${endedOn}. Write to ${contact} and we will renew it.`,
  revoked: (contact: string) =>
    `This order was refunded, so its files can no longer be downloaded. Write to ${contact} if you think this is a mistake.`,
  noDownloadsLeft: (limit: number, name: string, contact: string) =>
    `You have used all ${limit} downloads of ${name}. Write to ${contact} if you need another.`,
  tooManyRequests: 'Too many downloads from this address. Please try again in a few minutes.',
  rangeNotSatisfiable: 'That part of the file does not exist: ask for bytes within its size.',
  storageUnavailable: 'Your file cannot be read right now. Please try again in a few minutes.',
  // Pages.
  filesReady: 'Your files are ready to download.',
  filesAfterPayment: 'Your files will be ready to download as soon as the payment is confirmed.',
  filesUntil: (date: string) => `Available until ${date}.`,
  filesPaid: 'Download them from your order page, whenever suits you.',
  downloadsLeft: (left: number, limit: number) => `${left} of ${limit} downloads left`,
  unlimitedDownloads: 'Unlimited downloads',
  noFilesYet: (contact: string) =>
    `Its files are not up yet. Write to ${contact} and we will send them your way.`,
  downloadFailed: 'Your download could not start. Please try again.',
  downloadRefusedTitle: 'Download not started',
  // Checkout of a cart of downloads only.
  noAddressNeeded:
    'Nothing to ship: once paid, your files are on your order page, and your receipt e-mail lists them.',
  someDownloads: 'Downloads in your cart need no address: they are on your order page once paid.',
  // The admin's product files.
  notDigital: 'Only digital products carry files: set the category to Digital first.',
  tooManyFiles: (max: number) => `A product carries at most ${max} files. Remove one first.`,
  fileTooLarge: (max: string) => `Each file must be under ${max}.`,
  fileTypeRefused: (name: string) =>
    `${name} is not a file type the shop delivers. Upload audio, video, a ZIP, a PDF or an EPUB.`,
  uploadNotReady: (name: string) =>
    `${name} has not finished uploading. Let it finish, then add it.`,
  uploadUsed: (name: string) => `${name} was added already.`,
  storageDown:
    'The file storage cannot be reached. The upload is kept: add it again in a few minutes.',
  replacedNotFound: 'The file to replace is no longer on this product. Reload and try again.',
  productFileNotFound: 'There is no such file on this product.',
  fileAdded: (name: string) => `${name} was added. Buyers can download it from their orders.`,
  fileReplaced: (name: string) =>
    `${name} replaced the earlier file. Buyers now download the new one.`,
  fileRemoved: (name: string) => `${name} was removed. Buyers no longer see it.`,
  // The admin's grants.
  grantNotFound: 'There is no such download access on this order.',
  grantRefunded:
    'This order was refunded or cancelled: set it back to paid before granting its downloads again.',
  granted: (product: string, until: string | null) =>
    until
      ? `Downloads of ${product} granted again: the count starts over, access until ${until}.`
      : `Downloads of ${product} granted again: the count starts over.`,
  // The admin's dashboard: the product form's Files and the order's grants.
  filesExplained:
    "Buyers download the product's current files: a file added, replaced or removed here changes what every paid order can download.",
  filesAfterCreate: 'Add its files once the product is created.',
  filesLoadFailed: "This product's files could not be loaded.",
  fileUploadFailed: 'The file could not be uploaded.',
  fileAddFailed: 'The file could not be added to the product.',
  fileRemoveFailed: 'The file could not be removed.',
  uploadCancelled: (name: string) => `The upload of ${name} was cancelled.`,
  resumeOffer: (name: string) =>
    `The upload of ${name} stopped before it finished. Choose the same file again to go on from where it stopped.`,
  notTheSameFile: (name: string) =>
    `That is not the file that was uploading. Choose ${name} again, or discard the unfinished upload.`,
  grantAgainFailed: 'The downloads could not be granted again.',
} as const;
