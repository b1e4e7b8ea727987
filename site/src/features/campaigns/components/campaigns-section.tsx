import {
  Box,
  Container,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowUpRight,
  IconBrandKickstarter,
  IconBrandPatreon,
  IconCoffee,
  IconHeartHandshake,
  IconRocket,
} from '@tabler/icons-react';
import { business } from '../../../config/business';
import classes from './campaigns-section.module.css';

const ICONS: Record<string, typeof IconRocket> = {
  Patreon: IconBrandPatreon,
  'Ko-fi': IconCoffee,
  Kickstarter: IconBrandKickstarter,
};

interface ExternalLink {
  label: string;
  href: string;
  description?: string;
}

function LinkCard({ link, fallbackIcon }: { link: ExternalLink; fallbackIcon: typeof IconRocket }) {
  const Icon = ICONS[link.label] ?? fallbackIcon;
  return (
    <li>
      {/* A new tab keeps the visitor's place here; noopener noreferrer keeps the other site from
          reaching back into this page through window.opener. */}
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={classes.card}>
        <ThemeIcon component="span" size={44} radius="md" variant="light" color="violet">
          <Icon size={24} aria-hidden />
        </ThemeIcon>
        <span className={classes.cardText}>
          <Text component="span" fw={700} fz="lg" display="block">
            {link.label}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Text>
          {link.description && (
            <Text component="span" size="sm" c="gray.4" display="block">
              {link.description}
            </Text>
          )}
        </span>
        <IconArrowUpRight className={classes.arrow} size={20} aria-hidden />
      </a>
    </li>
  );
}

/** Spec 2: the support and campaign links, last section before the footer. */
export function CampaignsSection() {
  return (
    <Box
      component="section"
      id="campaigns"
      aria-labelledby="campaigns-title"
      className={classes.section}
    >
      <Container size="lg">
        <Stack gap="xl">
          <Stack gap="xs" align="center" ta="center">
            <Text className={classes.eyebrow} c="violet.3">
              Campaigns
            </Text>
            <Title order={2} id="campaigns-title" className={classes.title}>
              Support the studio
            </Title>
            <Text c="gray.4" maw={600}>
              Independent and community-funded. Every pledge and tip goes into new sounds, free
              workshops and the event space.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="sm">
              <Title order={3} fz="lg" c="gray.2">
                Support us
              </Title>
              <Stack component="ul" gap="sm" className={classes.list}>
                {business.support.map((link) => (
                  <LinkCard key={link.href} link={link} fallbackIcon={IconHeartHandshake} />
                ))}
              </Stack>
            </Stack>
            <Stack gap="sm">
              <Title order={3} fz="lg" c="gray.2">
                Current campaigns
              </Title>
              <Stack component="ul" gap="sm" className={classes.list}>
                {business.campaigns.map((link) => (
                  <LinkCard key={link.href} link={link} fallbackIcon={IconRocket} />
                ))}
              </Stack>
            </Stack>
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
