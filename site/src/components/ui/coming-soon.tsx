import { Text } from '@mantine/core';

interface ComingSoonProps {
  /** What the page will hold, as the spec plans it. */
  planned: string;
}

/** The spec's "coming soon" placeholder for account pages that are planned but not built. */
export function ComingSoon({ planned }: ComingSoonProps) {
  return (
    <>
      <Text size="lg">Coming soon</Text>
      <Text c="dimmed">{planned}</Text>
    </>
  );
}
