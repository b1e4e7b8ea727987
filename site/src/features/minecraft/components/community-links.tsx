import { Button, SimpleGrid, VisuallyHidden } from '@mantine/core';
import { IconMap2, IconMessages, IconThumbUp } from '@tabler/icons-react';
import { business } from '../../../config/business';

const links = [
  { label: 'Join the chat community', href: business.minecraft.chatUrl, icon: IconMessages },
  { label: 'Vote for the server', href: business.minecraft.voteUrl, icon: IconThumbUp },
  { label: 'Explore the 3D map', href: business.minecraft.mapUrl, icon: IconMap2 },
];

/** The chat community, vote site and 3D map, each in a new tab (spec 2). */
export function CommunityLinks() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="nav" aria-label="Server links">
      {links.map(({ label, href, icon: Icon }) => (
        <Button
          key={href}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<Icon size={18} aria-hidden />}
        >
          {label}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      ))}
    </SimpleGrid>
  );
}
