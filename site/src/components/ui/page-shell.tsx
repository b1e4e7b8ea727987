import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageShellProps {
  /** The page's one h1. */
  title: ReactNode;
  children?: ReactNode;
}

/** The frame of a simple content page: a centred column under a single h1. */
export function PageShell({ title, children }: PageShellProps) {
  return (
    // Clears the fixed header (64 px); `#main` is the skip link's target.
    <Container size="md" pt={96} pb="xl" component="main" id="main">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
