import { Box, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in and sign-up forms: one centred card under the page's h1. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="main" id="main" pt={112} pb="xl" px="md">
      <Box maw={460} mx="auto">
        <Title order={1} ta="center">
          {title}
        </Title>
        <Text c="dimmed" size="sm" ta="center" mt={6}>
          {subtitle}
        </Text>
        <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} mt="lg" radius="md">
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
