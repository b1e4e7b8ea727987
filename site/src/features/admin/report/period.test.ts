import { describe, expect, it } from 'vitest';
import { checkCustom, formatDay, localDay, presetPeriod } from './period';

describe('report periods', () => {
  // 3 March 2026, 00:30 on the admin's clock: the presets count from their own calendar day.
  const now = new Date(2026, 2, 3, 0, 30);

  it.each([
    ['last7', { from: '2026-02-25', to: '2026-03-03' }],
    ['last30', { from: '2026-02-02', to: '2026-03-03' }],
    ['month', { from: '2026-03-01', to: '2026-03-03' }],
  ] as const)('%s is %o, both ends included', (preset, period) => {
    expect(presetPeriod(preset, now)).toEqual(period);
  });

  it('reads the local calendar day', () => {
    expect(localDay(now)).toBe('2026-03-03');
  });

  it.each([
    ['', '2026-03-01', 'Choose a start date'],
    ['2026-03-01', '', 'Choose an end date'],
    ['2026-03-10', '2026-03-01', 'The start date must be before the end date'],
    ['2026-02-30', '2026-03-01', 'Use a date like 2026-01-31'],
  ])('custom %j to %j: "%s"', (from, to, error) => {
    expect(checkCustom(from, to)).toEqual({ error });
  });

  it('accepts a custom period of one day', () => {
    expect(checkCustom('2026-03-01', '2026-03-01')).toEqual({
      period: { from: '2026-03-01', to: '2026-03-01' },
    });
  });

  it('shows a report day as that day, whatever the time zone', () => {
    expect(formatDay('2026-03-01', { year: 'numeric', month: '2-digit', day: '2-digit' })).toMatch(
      /0?3.0?1.2026|2026.0?3.0?1|0?1.0?3.2026/,
    );
  });
});
