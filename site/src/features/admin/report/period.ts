import { reportMessages } from '@studio/shared/messages/report';
import { reportQuerySchema } from '@studio/shared/schemas/admin';

/** Inclusive calendar days, YYYY-MM-DD, as GET /api/admin/report takes them. */
export interface Period {
  from: string;
  to: string;
}

export const PRESETS = [
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom' },
] as const;

export type Preset = (typeof PRESETS)[number]['value'];

/** The admin's own calendar day (not UTC's), so "today" is the day on their clock. */
export function localDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

function daysBefore(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);
}

export function presetPeriod(preset: Exclude<Preset, 'custom'>, now = new Date()): Period {
  const to = localDay(now);
  switch (preset) {
    case 'last7':
      return { from: localDay(daysBefore(now, 6)), to };
    case 'last30':
      return { from: localDay(daysBefore(now, 29)), to };
    case 'month':
      return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to };
  }
}

/** A custom period checked with the API's own schema, so both give the same message. */
export function checkCustom(from: string, to: string): { period: Period } | { error: string } {
  if (!from) return { error: reportMessages.startRequired };
  if (!to) return { error: reportMessages.endRequired };
  const parsed = reportQuerySchema.safeParse({ from, to });
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? reportMessages.datesInvalid };
  return { period: { from, to } };
}

/** A report day (a UTC calendar day) in the admin's date format, without shifting it. */
export function formatDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    ...options,
    timeZone: 'UTC',
  });
}
