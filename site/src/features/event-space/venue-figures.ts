/**
 * Every figure of the investor pitch (spec 9), in one place so the owner can revise the plan
 * without touching a component. The headline figures are the spec's, hard-coded as it says; the
 * breakdowns are ours and must add up to them (venue-figures.test.ts checks that).
 */

export type VenueId = 'intimate' | 'standard';

export interface LineItem {
  label: string;
  /** Whole US dollars. */
  amount: number;
  note?: string;
}

export interface TeamRole {
  role: string;
  count: number;
  /** Monthly cost of one person in this role, whole US dollars. */
  monthlyCost: number;
}

export interface VenueFigures {
  id: VenueId;
  name: string;
  squareFeet: number;
  recommended: boolean;
  startupCost: number;
  monthlyRevenue: number;
  monthlyCosts: number;
  monthlyProfit: number;
  annualProfit: number;
  /** Spec 9 gives it rounded: "about 3.9 years" / "about 1.2 years". */
  roiYears: number;
  staff: number;
  monthlyRent: number;
  startupBreakdown: LineItem[];
  revenueBreakdown: LineItem[];
  costBreakdown: LineItem[];
  team: TeamRole[];
}

/** Spec 9: the five-year projection is the annual profit times five. */
export const PROJECTION_YEARS = 5;

export function fiveYearProjection(venue: VenueFigures): number {
  return venue.annualProfit * PROJECTION_YEARS;
}

/** Months until the monthly profit has paid back the startup cost. */
export function paybackMonths(venue: VenueFigures): number {
  return venue.startupCost / venue.monthlyProfit;
}

/** Annual profit as a share of the startup cost, in per cent. */
export function annualReturnPercent(venue: VenueFigures): number {
  return (venue.annualProfit / venue.startupCost) * 100;
}

export function sumOf(items: readonly { amount: number }[]): number {
  return items.reduce((total, item) => total + item.amount, 0);
}

export function teamMonthlyCost(team: readonly TeamRole[]): number {
  return team.reduce((total, r) => total + r.count * r.monthlyCost, 0);
}

export const PAYROLL_LABEL = 'Staff payroll';
export const RENT_LABEL = 'Rent';

const intimate: VenueFigures = {
  id: 'intimate',
  name: 'Intimate venue',
  squareFeet: 2000,
  recommended: false,
  startupCost: 361_139,
  monthlyRevenue: 79_040,
  monthlyCosts: 71_400,
  monthlyProfit: 7_640,
  annualProfit: 91_680,
  roiYears: 3.9,
  staff: 6,
  monthlyRent: 4_500,
  startupBreakdown: [
    { label: 'Lease deposit and first month', amount: 13_500, note: 'Two months deposit + rent' },
    { label: 'Build-out and renovation', amount: 95_000 },
    { label: 'Sound system (PA, monitors, console)', amount: 65_000 },
    { label: 'Stage and lighting rig', amount: 35_000 },
    { label: 'Acoustic treatment and soundproofing', amount: 30_000 },
    { label: 'Bar equipment and fixtures', amount: 28_000 },
    { label: 'Furniture and décor', amount: 18_000 },
    { label: 'Licences, permits and insurance', amount: 12_500 },
    { label: 'Ticketing and point-of-sale systems', amount: 6_500 },
    { label: 'Opening bar inventory', amount: 15_000 },
    { label: 'Marketing and launch', amount: 10_000 },
    { label: 'Working-capital reserve', amount: 32_639 },
  ],
  revenueBreakdown: [
    { label: 'Ticket sales', amount: 32_000, note: '16 shows a month' },
    { label: 'Bar and beverages', amount: 30_400 },
    { label: 'Private event rentals', amount: 9_000 },
    { label: 'Recording and livestream services', amount: 5_000 },
    { label: 'Merchandise', amount: 2_640 },
  ],
  costBreakdown: [
    { label: RENT_LABEL, amount: 4_500 },
    { label: PAYROLL_LABEL, amount: 28_000, note: '6 staff' },
    { label: 'Artist fees and guarantees', amount: 16_000 },
    { label: 'Beverage cost of goods', amount: 10_600 },
    { label: 'Marketing', amount: 3_000 },
    { label: 'Utilities', amount: 2_800 },
    { label: 'Supplies and sundries', amount: 2_500 },
    { label: 'Insurance', amount: 1_500 },
    { label: 'Licences, software and ticketing fees', amount: 1_300 },
    { label: 'Equipment maintenance', amount: 1_200 },
  ],
  team: [
    { role: 'General manager', count: 1, monthlyCost: 6_500 },
    { role: 'Sound engineer', count: 1, monthlyCost: 5_200 },
    { role: 'Booking and talent coordinator', count: 1, monthlyCost: 4_800 },
    { role: 'Bar manager', count: 1, monthlyCost: 4_400 },
    { role: 'Bartender', count: 1, monthlyCost: 3_600 },
    { role: 'Security and door', count: 1, monthlyCost: 3_500 },
  ],
};

const standard: VenueFigures = {
  id: 'standard',
  name: 'Standard venue',
  squareFeet: 3000,
  recommended: true,
  startupCost: 601_139,
  monthlyRevenue: 164_499,
  monthlyCosts: 123_700,
  monthlyProfit: 40_799,
  annualProfit: 489_588,
  roiYears: 1.2,
  staff: 10,
  monthlyRent: 7_500,
  startupBreakdown: [
    { label: 'Lease deposit and first month', amount: 22_500, note: 'Two months deposit + rent' },
    { label: 'Build-out and renovation', amount: 175_000 },
    { label: 'Sound system (PA, monitors, console)', amount: 110_000 },
    { label: 'Stage and lighting rig', amount: 60_000 },
    { label: 'Acoustic treatment and soundproofing', amount: 45_000 },
    { label: 'Bar equipment and fixtures', amount: 42_000 },
    { label: 'Furniture and décor', amount: 28_000 },
    { label: 'Licences, permits and insurance', amount: 18_000 },
    { label: 'Ticketing and point-of-sale systems', amount: 9_500 },
    { label: 'Opening bar inventory', amount: 24_000 },
    { label: 'Marketing and launch', amount: 18_000 },
    { label: 'Working-capital reserve', amount: 49_139 },
  ],
  revenueBreakdown: [
    { label: 'Ticket sales', amount: 68_000, note: '20 shows a month' },
    { label: 'Bar and beverages', amount: 62_500 },
    { label: 'Private event rentals', amount: 18_000 },
    { label: 'Recording and livestream services', amount: 10_000 },
    { label: 'Merchandise', amount: 5_999 },
  ],
  costBreakdown: [
    { label: RENT_LABEL, amount: 7_500 },
    { label: PAYROLL_LABEL, amount: 46_500, note: '10 staff' },
    { label: 'Artist fees and guarantees', amount: 30_000 },
    { label: 'Beverage cost of goods', amount: 21_900 },
    { label: 'Marketing', amount: 4_800 },
    { label: 'Utilities', amount: 4_600 },
    { label: 'Insurance', amount: 2_400 },
    { label: 'Supplies and sundries', amount: 2_000 },
    { label: 'Licences, software and ticketing fees', amount: 2_200 },
    { label: 'Equipment maintenance', amount: 1_800 },
  ],
  team: [
    { role: 'General manager', count: 1, monthlyCost: 7_000 },
    { role: 'Head sound engineer', count: 1, monthlyCost: 5_800 },
    { role: 'Booking and talent coordinator', count: 1, monthlyCost: 5_200 },
    { role: 'Bar manager', count: 1, monthlyCost: 4_800 },
    { role: 'Lighting technician', count: 1, monthlyCost: 4_600 },
    { role: 'Marketing and events coordinator', count: 1, monthlyCost: 4_300 },
    { role: 'Bartender', count: 2, monthlyCost: 3_800 },
    { role: 'Security and door', count: 2, monthlyCost: 3_600 },
  ],
};

/** The two options, smaller first; the standard venue is the one recommended (spec 2). */
export const venues: readonly VenueFigures[] = [intimate, standard];

export const recommendedVenue = standard;

export function venueById(id: VenueId): VenueFigures {
  return id === 'intimate' ? intimate : standard;
}
