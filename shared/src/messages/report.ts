/** Texts of the admin's printable report. All ours: the spec shows only its button. */
export const reportMessages = {
  periodTooLong: 'Choose a period of at most a year',
  startRequired: 'Choose a start date',
  endRequired: 'Choose an end date',
  datesInvalid: 'Choose valid dates',
  loadFailed: 'The report could not be loaded.',
  loadFailedTitle: 'The report could not be loaded',
  printFailed: 'The report could not be printed',
  saveFailed: 'The report could not be saved',
  /** The desktop app saved it to `path`. */
  saved: (path: string) => `Report saved to ${path}`,
} as const;
