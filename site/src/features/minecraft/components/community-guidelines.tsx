import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { minecraftContent } from '../minecraft-content';

export function CommunityGuidelines() {
  return (
    <Paper
      component="section"
      aria-labelledby="minecraft-guidelines"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
    >
      <Title order={2} id="minecraft-guidelines">
        Community guidelines
      </Title>
      <Text c="gray.4" mt={4} mb="md">
        A few rules keep the world fun for everyone. Breaking them can lead to a warning, a rollback
        of your builds or a ban.
      </Text>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {minecraftContent.guidelines.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
