import { describe, expect, it } from 'vitest';
import {
  fiveYearProjection,
  PAYROLL_LABEL,
  RENT_LABEL,
  recommendedVenue,
  sumOf,
  teamMonthlyCost,
  type VenueFigures,
  venueById,
  venues,
} from './venue-figures';

// The spec's figures (section 9), written out again so a slip in the data file shows up here.
const spec = {
  intimate: {
    squareFeet: 2000,
    startupCost: 361_139,
    monthlyRevenue: 79_040,
    monthlyCosts: 71_400,
    monthlyProfit: 7_640,
    annualProfit: 91_680,
    roiYears: 3.9,
    staff: 6,
    monthlyRent: 4_500,
    fiveYear: 458_400,
  },
  standard: {
    squareFeet: 3000,
    startupCost: 601_139,
    monthlyRevenue: 164_499,
    monthlyCosts: 123_700,
    monthlyProfit: 40_799,
    annualProfit: 489_588,
    roiYears: 1.2,
    staff: 10,
    monthlyRent: 7_500,
    fiveYear: 2_447_940,
  },
} as const;

describe.each(venues.map((v) => [v.name, v] as [string, VenueFigures]))('%s', (_name, venue) => {
  const expected = spec[venue.id];

  it('has the headline figures of spec 9', () => {
    const { fiveYear, ...headline } = expected;
    expect(venue).toMatchObject(headline);
    expect(fiveYearProjection(venue)).toBe(fiveYear);
  });

  it('makes profit = revenue - costs, annual = monthly × 12, ROI = startup / annual', () => {
    expect(venue.monthlyRevenue - venue.monthlyCosts).toBe(venue.monthlyProfit);
    expect(venue.monthlyProfit * 12).toBe(venue.annualProfit);
    expect(Math.round((venue.startupCost / venue.annualProfit) * 10) / 10).toBe(venue.roiYears);
  });

  it('has a startup breakdown summing to the startup cost', () => {
    expect(sumOf(venue.startupBreakdown)).toBe(venue.startupCost);
  });

  it('has revenue streams summing to the monthly revenue', () => {
    expect(sumOf(venue.revenueBreakdown)).toBe(venue.monthlyRevenue);
  });

  it('has monthly costs summing to the total, with the rent among them', () => {
    expect(sumOf(venue.costBreakdown)).toBe(venue.monthlyCosts);
    expect(venue.costBreakdown.find((c) => c.label === RENT_LABEL)?.amount).toBe(venue.monthlyRent);
  });

  it('has a team of the stated size whose pay is the payroll line of the costs', () => {
    expect(venue.team.reduce((n, r) => n + r.count, 0)).toBe(venue.staff);
    expect(venue.costBreakdown.find((c) => c.label === PAYROLL_LABEL)?.amount).toBe(
      teamMonthlyCost(venue.team),
    );
  });

  it('has only positive whole-dollar amounts', () => {
    const amounts = [
      ...venue.startupBreakdown,
      ...venue.revenueBreakdown,
      ...venue.costBreakdown,
    ].map((i) => i.amount);
    for (const amount of [...amounts, ...venue.team.map((r) => r.monthlyCost)]) {
      expect(Number.isInteger(amount) && amount > 0).toBe(true);
    }
  });
});

it('recommends the standard venue and looks venues up by id', () => {
  expect(recommendedVenue.id).toBe('standard');
  expect(venues.filter((v) => v.recommended)).toEqual([recommendedVenue]);
  expect(venueById('intimate').squareFeet).toBe(2000);
  expect(venueById('standard').squareFeet).toBe(3000);
});
