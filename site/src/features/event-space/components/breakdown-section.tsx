import { Button, Collapse, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

interface BreakdownSectionProps {
  title: string;
  /** The section's headline figure, always shown. */
  figure: string;
  summary: ReactNode;
  /** The breakdown behind the figure, shown on demand (spec 2). */
  children: ReactNode;
}

/** A pitch section: a headline figure and a show/hide details toggle. */
export function BreakdownSection({ title, figure, summary, children }: BreakdownSectionProps) {
  const [open, { toggle }] = useDisclosure(false);
  const headingId = useId();
  const detailsId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          <Text fw={800} fz={{ base: 'xl', sm: 26 }} c="violet.2" lh={1.2}>
            {figure}
          </Text>
        </Group>
        <Text c="gray.4" size="sm">
          {summary}
        </Text>
        <Button
          variant="subtle"
          size="compact-md"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={toggle}
          style={{ alignSelf: 'flex-start' }}
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{
                transform: open ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms',
              }}
            />
          }
        >
          {open ? 'Hide details' : 'Show details'}
          <VisuallyHidden>: {title}</VisuallyHidden>
        </Button>
        <Collapse expanded={open} id={detailsId}>
          {children}
        </Collapse>
      </Stack>
    </Paper>
  );
}
