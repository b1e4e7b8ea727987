import type { Icon } from '@tabler/icons-react';
import {
  IconCalendarEvent,
  IconMap2,
  IconPackages,
  IconShieldCheck,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';

/** The page's texts, kept apart from the layout so they can be edited in one place. */
export const minecraftContent = {
  intro:
    'A friendly, modded survival world run by our studio community. Build together, trade, explore new dimensions and join events every month.',
  features: [
    {
      icon: IconPackages,
      title: 'Curated modpack',
      text: 'Tech, magic and exploration mods chosen to work together, tested before every update.',
    },
    {
      icon: IconUsersGroup,
      title: 'Community builds',
      text: 'Shared towns, markets and mega-projects. Bring your ideas and find people to build them with.',
    },
    {
      icon: IconCalendarEvent,
      title: 'Monthly events',
      text: 'Build contests, treasure hunts and live-music nights hosted by the studio.',
    },
    {
      icon: IconShieldCheck,
      title: 'Protected claims',
      text: 'Claim your land so your builds and chests stay yours. Active staff keep griefers out.',
    },
    {
      icon: IconMap2,
      title: 'Live 3D map',
      text: 'See the whole world in your browser and plan your next trip or build site.',
    },
    {
      icon: IconWorld,
      title: 'Always online',
      text: 'Hosted on dedicated hardware with nightly backups of the world.',
    },
  ] satisfies { icon: Icon; title: string; text: string }[],
  steps: [
    {
      title: 'Join the chat community',
      text: 'Say hello and grab the current modpack link and version from the announcements channel.',
    },
    {
      title: 'Install the modpack',
      text: 'Import it into a launcher such as CurseForge, Prism Launcher or ATLauncher.',
    },
    {
      title: 'Add the server',
      text: 'Start the modpack, open Multiplayer, choose Add Server and paste the server address.',
    },
    {
      title: 'Join and claim your spot',
      text: 'Connect, read the spawn signs, then find a place to settle and claim it.',
    },
  ],
  guidelines: [
    'Be kind and respectful to every player, in game and in chat.',
    'No griefing, stealing or building on land someone else has claimed.',
    'No cheats, hacked clients, X-ray packs or exploiting bugs; report bugs instead.',
    'Keep chat friendly for all ages: no hate speech, harassment or explicit content.',
    'No spam or advertising other servers.',
    'Keep lag machines and huge automatic farms off the server; ask staff when unsure.',
    'Follow staff decisions; take disagreements to the chat community calmly.',
  ],
} as const;
