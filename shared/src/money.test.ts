import { describe, expect, it } from 'vitest';
import { formatUsd, taxCents, withTax } from './money.ts';

describe('tax', () => {
  it.each([
    [0, 0],
    [100, 7],
    [16_700, 1169],
    [14_900, 1043],
    [7, 0], // 0.49 cents rounds down
    [50, 4], // 3.5 cents rounds half-up
    [150, 11], // 10.5 -> 11
    [220_000, 15_400],
  ])('7%% of %i cents is %i cents', (subtotal, tax) => {
    expect(taxCents(subtotal)).toBe(tax);
  });

  it('equals Math.round(price * 1.07) for every whole-dollar price up to $5,000', () => {
    for (let cents = 0; cents <= 500_000; cents += 100) {
      expect(withTax(cents).totalCents).toBe(Math.round((cents * 107) / 100));
    }
  });

  it('refuses fractions of a cent', () => {
    expect(() => taxCents(1.5)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [16_700, '$167.00'],
    [123_456_789, '$1,234,567.89'],
    [5, '$0.05'],
    [-250, '-$2.50'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});
