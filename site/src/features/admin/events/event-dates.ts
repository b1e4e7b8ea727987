/** Spec 9: dates in the admin's local format. */
export function formatEventDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp as the value of a `datetime-local` input, in the browser's zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A `datetime-local` value (no zone) as an ISO timestamp in UTC: the server reads a value
 * without a zone as UTC, so sending it bare would move the event by the admin's offset.
 */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export function isPast(iso: string): boolean {
  return new Date(iso).getTime() < Date.now();
}
