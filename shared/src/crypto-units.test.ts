import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alphAtto,
  centsToDecimal,
  formatUnits,
  parseDecimal,
  usdtBaseUnits,
} from './crypto-units.ts';
import { withTax } from './money.ts';

const cents = fc.integer({ min: 0, max: 100_000_000_00 });

describe('USDT', () => {
  it('is cents x 10^4 base units, exactly', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const units = usdtBaseUnits(c);
        expect(units).toBe(BigInt(c) * 10_000n);
        // and back: the display with 2 decimals is the dollar amount
        expect(formatUnits(units, 6, 2)).toBe(centsToDecimal(c));
      }),
    );
  });
});

describe('ALPH', () => {
  it('at 0.5 USD is exactly twice the dollars, in atto', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(alphAtto(c, '0.5')).toBe(BigInt(c) * 2n * 10n ** 16n);
      }),
    );
  });

  it('never charges less than the price at any rate, and at most one atto more', () => {
    const rate = fc
      .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 6 }))
      .map(([n, d]) => (n / 10 ** d).toFixed(d));
    fc.assert(
      fc.property(cents, rate, (c, r) => {
        const atto = alphAtto(c, r);
        const { num, den } = parseDecimal(r);
        // value in USD of `atto` at rate num/den, times 10^18 * 100 * den, compared to the price
        const paid = atto * num; // = USD cents * den * 10^16, scaled
        const due = BigInt(c) * den * 10n ** 16n;
        expect(paid >= due).toBe(true);
        expect((atto - 1n) * num < due || atto === 0n).toBe(true);
      }),
    );
  });

  it('shows 2 decimals, rounded up', () => {
    expect(formatUnits(alphAtto(9523, '0.5'), 18, 2)).toBe('190.46');
    expect(formatUnits(alphAtto(100, '3'), 18, 2)).toBe('0.34'); // 0.3333... rounds up
    expect(formatUnits(1n, 18, 2)).toBe('0.01');
    expect(formatUnits(0n, 18, 2)).toBe('0.00');
  });

  it('refuses a zero or malformed rate', () => {
    expect(() => alphAtto(100, '0')).toThrow(RangeError);
    expect(() => alphAtto(100, '-1')).toThrow(RangeError);
    expect(() => alphAtto(100, '1e3')).toThrow(RangeError);
  });
});

describe('totals with tax, as crypto', () => {
  it('USDT due equals round(price x 1.07) in cents x 10^4 for any price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (price) => {
        const { totalCents } = withTax(price);
        expect(totalCents).toBe(Math.round((price * 107) / 100));
        expect(usdtBaseUnits(totalCents)).toBe(BigInt(totalCents) * 10_000n);
      }),
    );
  });
});
