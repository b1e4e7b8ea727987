import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { pitchContent } from '../pitch-content';

export function ExecutiveSummary() {
  return (
    <Paper
      component="section"
      aria-labelledby="pitch-summary"
      radius="lg"
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      style={{
        background: 'linear-gradient(135deg, rgba(121, 80, 242, 0.22), rgba(21, 170, 191, 0.14))',
      }}
    >
      <Stack gap="sm">
        <Title order={2} id="pitch-summary">
          {pitchContent.summaryHeading}
        </Title>
        {pitchContent.summary.map((p) => (
          <Text key={p.slice(0, 24)}>{p}</Text>
        ))}
        <List
          mt="xs"
          spacing="xs"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color="teal" aria-hidden>
              <IconSparkles size={14} />
            </ThemeIcon>
          }
        >
          {pitchContent.highlights.map((h) => (
            <List.Item key={h}>{h}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
