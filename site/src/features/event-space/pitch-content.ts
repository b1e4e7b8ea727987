/** The pitch's words (the figures live in venue-figures.ts). */
export const pitchContent = {
  intro:
    'An investor pitch for a live-music venue built by and for the independent music community.',
  summaryHeading: 'Executive Summary',
  summary: [
    'Our city has a gap between bar back rooms and large concert halls. Independent artists, touring acts and local promoters need a mid-sized room with professional sound, fair terms and a crowd that comes for the music.',
    'We propose a dedicated music venue run by our studio: shows four to five nights a week, a full bar, private-event hire and in-house recording and livestreaming, drawing on the audience and artist network the studio has already built.',
    'Two layouts are costed below. The intimate 2,000 sq ft room needs less capital; the standard 3,000 sq ft room, our recommendation, earns far more per month and pays back its startup cost in about a year.',
  ],
  highlights: [
    'Five revenue streams: tickets, bar, private hire, recording and merchandise',
    'Experienced team drawn from the studio and local scene',
    'Recording and livestreaming built into the room from day one',
  ],
  contactDescription:
    "Interested in investing, partnering or booking the space? Send us a message and we'll get back to you within 24 hours.",
} as const;
