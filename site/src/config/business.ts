/**
 * The business's public details, in one place so the owner can change them without touching a
 * page: the brand, the contact address shown beside form errors, the social and campaign links,
 * and the game server. Nothing secret belongs here: all of it is shown to visitors.
 */
export const business = {
  name: 'Studio',
  tagline: 'Sound design, mixing, mastering and audio post-production',
  /** Shown with the landing contact form's error, so a visitor can write directly. */
  email: 'hello@studio.local',
  /** Where the promo (/minecraft) and pitch (/event-space) forms are delivered (spec 3). */
  pitchRecipient: 'hello@studio.local',
  /** The spec's site metadata: service prices range from 149 to 2200 USD. */
  priceRange: { low: 149, high: 2200 },
  support: [
    {
      label: 'Patreon',
      href: 'https://www.patreon.com/',
      description: 'Monthly support: early previews, sample drops and studio diaries.',
    },
    {
      label: 'Ko-fi',
      href: 'https://ko-fi.com/',
      description: 'A one-off tip that buys studio time for community projects.',
    },
  ],
  campaigns: [
    {
      label: 'Kickstarter',
      href: 'https://www.kickstarter.com/',
      description: 'Back the live-music event space and get first access to its shows.',
    },
  ],
  minecraft: {
    serverAddress: 'play.studio-craft.net',
    chatUrl: 'https://discord.com/',
    voteUrl: 'https://minecraft-server-list.com/',
    mapUrl: 'https://map.studio-craft.net/',
  },
} as const;
