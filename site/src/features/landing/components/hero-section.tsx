import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHeartHandshake, IconMail, IconShoppingBag } from '@tabler/icons-react';
import type { CSSProperties, MouseEvent } from 'react';
import { business } from '../../../config/business';
import { smoothScrollToId } from '../../../lib/smooth-scroll';
import classes from './hero-section.module.css';
import { TypingWords } from './typing-words';

const TARGETS = [
  { id: 'shop', label: 'Shop', icon: IconShoppingBag, variant: 'filled' },
  { id: 'contact', label: 'Contact', icon: IconMail, variant: 'light' },
  { id: 'campaigns', label: 'Campaigns', icon: IconHeartHandshake, variant: 'default' },
] as const;

// Bar heights of the decorative waveform: a fixed shape, so it looks the same on every visit.
const LEVELS = [
  0.35, 0.6, 0.45, 0.8, 0.55, 1, 0.7, 0.4, 0.9, 0.65, 0.5, 0.85, 0.3, 0.75, 0.55, 0.95, 0.45, 0.7,
  0.35, 0.6, 0.8, 0.5, 0.4, 0.65,
];

/** Real links to the anchors (they work without script), animated over 1.2 s when script runs. */
function scrollTo(id: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void smoothScrollToId(id);
  };
}

/** The page's opening: its one h1, the decorative typing and the jumps to shop, contact and campaigns. */
export function HeroSection() {
  return (
    <Box component="section" id="hero" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="lg" w="100%" className={classes.layout}>
        <Stack gap="lg" align="flex-start" className={classes.copy}>
          <Badge variant="light" color="violet" size="lg" radius="sm" className={classes.eyebrow}>
            Audio for games, film &amp; music
          </Badge>
          <Title order={1} id="hero-title" className={classes.title}>
            {business.name}
          </Title>
          <TypingWords />
          <Text c="gray.4" className={classes.lead}>
            {business.tagline}, at fixed prices, plus a shop, events and a community that builds
            things together.
          </Text>
          <Group gap="sm" mt="xs">
            {TARGETS.map(({ id, label, icon: Icon, variant }) => (
              <Button
                key={id}
                component="a"
                href={`#${id}`}
                onClick={scrollTo(id)}
                size="md"
                variant={variant}
                leftSection={<Icon size={18} aria-hidden />}
              >
                {label}
              </Button>
            ))}
          </Group>
          <div className={classes.wave} aria-hidden>
            {LEVELS.map((level, i) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list.
                key={i}
                style={{ '--level': level, '--delay': `${(i % 6) * -0.27}s` } as CSSProperties}
              />
            ))}
          </div>
        </Stack>
        {/* A spinning record: decoration only, hidden on small screens and from screen readers. */}
        <div className={classes.visual} aria-hidden>
          <div className={classes.record}>
            <div className={classes.label}>
              <span className={classes.spindle} />
            </div>
          </div>
        </div>
      </Container>
    </Box>
  );
}
