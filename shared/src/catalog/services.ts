/**
 * The 18 fixed-price audio services (spec section 3).
 *
 * The spec gives two prices per service: the card price shown on the landing page and the
 * payment price charged at checkout; they disagree for several services and the spec leaves
 * that unresolved. We keep both (`listPriceCents`, `checkoutPriceCents`); see
 * docs/decisions/002-two-service-prices.md. The category mapping is ours: the spec names the
 * three categories but not which service sits in which (docs/decisions/003-service-categories.md).
 */
export const serviceCategories = ['Sound Design', 'Mixing / Mastering', 'Post-Production'] as const;
export type ServiceCategory = (typeof serviceCategories)[number];

export interface CatalogService {
  sku: string;
  title: string;
  category: ServiceCategory;
  listPriceCents: number;
  checkoutPriceCents: number;
  description: string;
  features: string[];
  popular: boolean;
}

const usd = (dollars: number) => dollars * 100;

export const serviceCatalog: readonly CatalogService[] = [
  {
    sku: 'VGA-001',
    title: 'Video Game Assets',
    category: 'Sound Design',
    listPriceCents: usd(440),
    checkoutPriceCents: usd(536),
    description: 'Original sound effects for your game, designed to fit its world and engine.',
    features: ['Up to 30 custom sound effects', 'Engine-ready WAV and OGG files', 'Two revisions'],
    popular: false,
  },
  {
    sku: 'UIS-001',
    title: 'UI Sound Assets',
    category: 'Sound Design',
    listPriceCents: usd(220),
    checkoutPriceCents: usd(149),
    description: 'Clicks, confirms, alerts and transitions that give an interface its voice.',
    features: ['Up to 20 interface sounds', 'Consistent sonic palette', 'Two revisions'],
    popular: false,
  },
  {
    sku: 'CSP-001',
    title: 'Custom Sample Pack',
    category: 'Sound Design',
    listPriceCents: usd(330),
    checkoutPriceCents: usd(268),
    description: 'A sample pack built around your sound: one-shots, loops and textures.',
    features: [
      '50+ one-shots and loops',
      'Tempo and key labelled',
      'Royalty-free for your releases',
    ],
    popular: false,
  },
  {
    sku: 'TSD-001',
    title: 'Trailer Sound Design',
    category: 'Sound Design',
    listPriceCents: usd(536),
    checkoutPriceCents: usd(298),
    description: 'Hits, risers, whooshes and drones cut to picture for a trailer that lands.',
    features: ['Designed to picture', 'Stems for the final mix', 'Two revisions'],
    popular: false,
  },
  {
    sku: 'SM-001',
    title: 'Song Mix',
    category: 'Mixing / Mastering',
    listPriceCents: usd(220),
    checkoutPriceCents: usd(220),
    description: 'A full mix of one song from your stems, balanced, wide and punchy.',
    features: ['Up to 48 stems', 'Three revisions', 'Instrumental and a cappella versions'],
    popular: true,
  },
  {
    sku: 'SMA-001',
    title: 'Song Master',
    category: 'Mixing / Mastering',
    listPriceCents: usd(220),
    checkoutPriceCents: usd(150),
    description: 'Loud, clean and translating master of one song for streaming and club.',
    features: ['Streaming-ready loudness', 'WAV and MP3 masters', 'Two revisions'],
    popular: true,
  },
  {
    sku: 'EPM-001',
    title: 'EP Mix',
    category: 'Mixing / Mastering',
    listPriceCents: usd(660),
    checkoutPriceCents: usd(1100),
    description: 'Mixes of up to five songs with one consistent sound across the EP.',
    features: ['Up to 5 songs', 'Three revisions per song', 'Instrumental versions'],
    popular: false,
  },
  {
    sku: 'EPMA-001',
    title: 'EP Master',
    category: 'Mixing / Mastering',
    listPriceCents: usd(440),
    checkoutPriceCents: usd(750),
    description: 'Mastering of up to five songs, sequenced and matched in level and tone.',
    features: ['Up to 5 songs', 'Sequencing and spacing', 'DDP on request'],
    popular: false,
  },
  {
    sku: 'AM-001',
    title: 'Album Mix',
    category: 'Mixing / Mastering',
    listPriceCents: usd(2200),
    checkoutPriceCents: usd(2200),
    description: 'Mixes of a full album of up to twelve songs, with a shared sonic signature.',
    features: ['Up to 12 songs', 'Three revisions per song', 'Stems on request'],
    popular: false,
  },
  {
    sku: 'AMA-001',
    title: 'Album Master',
    category: 'Mixing / Mastering',
    listPriceCents: usd(1100),
    checkoutPriceCents: usd(1500),
    description: 'Mastering of a full album of up to twelve songs for streaming and vinyl.',
    features: ['Up to 12 songs', 'Streaming and vinyl masters', 'Sequencing and metadata'],
    popular: false,
  },
  {
    sku: 'FAP-30',
    title: 'Film Audio Post (≤30 min)',
    category: 'Post-Production',
    listPriceCents: usd(238),
    checkoutPriceCents: usd(238),
    description: 'Dialogue edit, sound effects and final mix for a short film up to 30 minutes.',
    features: ['Dialogue edit and clean-up', 'Sound effects and ambience', 'Stereo final mix'],
    popular: false,
  },
  {
    sku: 'FAP-60',
    title: 'Film Audio Post (≤1 hour)',
    category: 'Post-Production',
    listPriceCents: usd(476),
    checkoutPriceCents: usd(476),
    description: 'Full audio post-production for a film up to one hour long.',
    features: ['Dialogue edit and clean-up', 'Sound design and Foley', 'Stereo and 5.1 mixes'],
    popular: true,
  },
  {
    sku: 'FAP-FT',
    title: 'Film Audio Post (Feature Length)',
    category: 'Post-Production',
    listPriceCents: usd(714),
    checkoutPriceCents: usd(714),
    description: 'Audio post-production for a feature film, from dialogue edit to deliverables.',
    features: [
      'Dialogue, effects and music stems',
      'Stereo and 5.1 mixes',
      'Festival deliverables',
    ],
    popular: false,
  },
  {
    sku: 'DVA-30',
    title: 'Digital Video Audio (≤30 min)',
    category: 'Post-Production',
    listPriceCents: usd(167),
    checkoutPriceCents: usd(167),
    description: 'Clean, level audio for online video up to 30 minutes: vlogs, courses, ads.',
    features: ['Noise reduction', 'Loudness for each platform', 'Music and voice balance'],
    popular: true,
  },
  {
    sku: 'DVA-60',
    title: 'Digital Video Audio (≤1 hour)',
    category: 'Post-Production',
    listPriceCents: usd(334),
    checkoutPriceCents: usd(334),
    description: 'Polished audio for online video up to one hour: podcasts, streams, webinars.',
    features: ['Noise reduction', 'Loudness for each platform', 'Music and voice balance'],
    popular: false,
  },
  {
    sku: 'DVA-FT',
    title: 'Digital Video Audio (Feature Length)',
    category: 'Post-Production',
    listPriceCents: usd(501),
    checkoutPriceCents: usd(501),
    description: 'Audio finishing for long-form online video and documentaries.',
    features: ['Noise reduction', 'Dialogue levelling', 'Platform-ready deliverables'],
    popular: false,
  },
  {
    sku: 'DCU-001',
    title: 'Dialogue Clean-Up',
    category: 'Post-Production',
    listPriceCents: usd(167),
    checkoutPriceCents: usd(89),
    description: 'Rescue of noisy or roomy dialogue: hum, hiss, clicks and reverb removed.',
    features: ['Noise, hum and click removal', 'De-reverb', 'Up to 30 minutes of audio'],
    popular: false,
  },
  {
    sku: 'FSD-001',
    title: 'Foley & Sample Sound Design',
    category: 'Sound Design',
    listPriceCents: usd(330),
    checkoutPriceCents: usd(119),
    description: 'Recorded Foley and designed samples made for your picture or project.',
    features: ['Custom-recorded Foley', 'Designed one-shots', 'Two revisions'],
    popular: false,
  },
];
