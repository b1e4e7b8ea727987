import { describe, expect, it } from 'vitest';
import { serviceCatalog, serviceCategories } from './services.ts';

// Spec section 3, verbatim: card prices, payment prices and SKUs.
const spec: [title: string, sku: string, card: number, payment: number][] = [
  ['Video Game Assets', 'VGA-001', 440, 536],
  ['UI Sound Assets', 'UIS-001', 220, 149],
  ['Custom Sample Pack', 'CSP-001', 330, 268],
  ['Trailer Sound Design', 'TSD-001', 536, 298],
  ['Song Mix', 'SM-001', 220, 220],
  ['Song Master', 'SMA-001', 220, 150],
  ['EP Mix', 'EPM-001', 660, 1100],
  ['EP Master', 'EPMA-001', 440, 750],
  ['Album Mix', 'AM-001', 2200, 2200],
  ['Album Master', 'AMA-001', 1100, 1500],
  ['Film Audio Post (≤30 min)', 'FAP-30', 238, 238],
  ['Film Audio Post (≤1 hour)', 'FAP-60', 476, 476],
  ['Film Audio Post (Feature Length)', 'FAP-FT', 714, 714],
  ['Digital Video Audio (≤30 min)', 'DVA-30', 167, 167],
  ['Digital Video Audio (≤1 hour)', 'DVA-60', 334, 334],
  ['Digital Video Audio (Feature Length)', 'DVA-FT', 501, 501],
  ['Dialogue Clean-Up', 'DCU-001', 167, 89],
  ['Foley & Sample Sound Design', 'FSD-001', 330, 119],
];

describe('service catalogue', () => {
  it('holds the 18 services of the spec with both prices and their SKUs', () => {
    expect(serviceCatalog).toHaveLength(18);
    expect(
      serviceCatalog.map((s) => [
        s.title,
        s.sku,
        s.listPriceCents / 100,
        s.checkoutPriceCents / 100,
      ]),
    ).toEqual(spec);
  });

  it('marks exactly the four popular services', () => {
    expect(serviceCatalog.filter((s) => s.popular).map((s) => s.title)).toEqual([
      'Song Mix',
      'Song Master',
      'Film Audio Post (≤1 hour)',
      'Digital Video Audio (≤30 min)',
    ]);
  });

  it('puts every service in one of the three categories, each non-empty', () => {
    for (const category of serviceCategories) {
      expect(serviceCatalog.some((s) => s.category === category)).toBe(true);
    }
    expect(serviceCatalog.every((s) => serviceCategories.includes(s.category))).toBe(true);
  });

  it("starts at $167 on the cards, as the panel's 'Starting at $167' says", () => {
    expect(Math.min(...serviceCatalog.map((s) => s.listPriceCents))).toBe(16_700);
  });

  it('has a description and features on every card', () => {
    for (const s of serviceCatalog) {
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.features.length).toBeGreaterThan(0);
    }
  });
});
