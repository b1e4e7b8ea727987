/** `2026-000001`: the year and the year's gapless number (decision 036). */
export const invoiceNumber = (year: number, sequence: number) =>
  `${year}-${String(sequence).padStart(6, '0')}`;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** `March 12, 2026` (UTC, the day the invoice numbers count by). */
export const formatSaleDate = (date: Date) => longDate.format(date);
