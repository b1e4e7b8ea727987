/**
 * Texts of the CSV exports, all ours: the signed links the browser follows (decision 034), and
 * what the dashboard says about an export.
 */
export const exportMessages = {
  badExportLink: 'This export link is not valid. Export again from the dashboard.',
  exportLinkExpired: 'This export link has expired. Export again from the dashboard.',
  unknownExport: 'There is no such export.',
  exportFailed: 'The export could not be downloaded',
  /** `what`: the export's name, "Orders". */
  downloading: (what: string) => `${what} export downloading`,
  /** The desktop app saved it to `path`. */
  saved: (what: string, path: string) => `${what} saved to ${path}`,
} as const;
