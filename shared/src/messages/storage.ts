/**
 * Texts of the signed download links of submission files, all ours: a link whose signature does
 * not hold, or whose few minutes have passed (decision 029).
 */
export const storageMessages = {
  badDownloadLink:
    'This download link is not valid. Open the submission again and download from there.',
  downloadLinkExpired:
    'This download link has expired. Open the submission again and download from there.',
} as const;
