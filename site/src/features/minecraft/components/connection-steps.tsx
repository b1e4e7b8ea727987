import { Box, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { minecraftContent } from '../minecraft-content';

/** How to connect, as a numbered (ordered) list. */
export function ConnectionSteps() {
  return (
    <section aria-labelledby="minecraft-connect">
      <Title order={2} id="minecraft-connect" mb="md">
        How to connect
      </Title>
      <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {minecraftContent.steps.map((step, i) => (
          <Box component="li" key={step.title} mb="md">
            <Group align="flex-start" wrap="nowrap" gap="md">
              {/* The list itself carries the numbering for assistive technology. */}
              <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
                <Text fw={700}>{i + 1}</Text>
              </ThemeIcon>
              <div>
                <Text fw={600}>{step.title}</Text>
                <Text c="gray.4" size="sm">
                  {step.text}
                </Text>
              </div>
            </Group>
          </Box>
        ))}
      </Box>
    </section>
  );
}
