import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { minecraftContent } from '../minecraft-content';

/** What the server offers, as cards. */
export function FeatureGrid() {
  return (
    <section aria-labelledby="minecraft-features">
      <Title order={2} id="minecraft-features" mb="md">
        Why play with us
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {minecraftContent.features.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="lg" padding="lg">
            <ThemeIcon
              size={44}
              radius="md"
              variant="gradient"
              gradient={{ from: 'violet', to: 'cyan' }}
              aria-hidden
            >
              <Icon size={24} />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md">
              {title}
            </Title>
            <Text c="gray.4" size="sm" mt={6}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
