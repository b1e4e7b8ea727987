import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of the submission's detail. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}
