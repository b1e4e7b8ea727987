import { Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled card of the room, as the order page's sections. */
export function RoomSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
    >
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
