import { Box, Collapse, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './disclosure.module.css';

interface DisclosureProps {
  /** Heading level of the toggle (the WAI-ARIA accordion pattern: a button inside a heading). */
  order: 3 | 4;
  header: ReactNode;
  defaultOpen: boolean;
  /** Smaller padding, for a disclosure nested in another. */
  compact?: boolean;
  className?: string;
  children: ReactNode;
}

/** A heading whose button shows or hides the region below it. */
export function Disclosure({
  order,
  header,
  defaultOpen,
  compact,
  className,
  children,
}: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const regionId = useId();
  const Heading = `h${order}` as const;
  return (
    <Box className={className} data-open={open || undefined} data-compact={compact || undefined}>
      <Heading className={classes.disclosureHeading}>
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
        >
          {header}
          <IconChevronDown className={classes.chevron} size={22} aria-hidden />
        </UnstyledButton>
      </Heading>
      <Collapse expanded={open} id={regionId}>
        {children}
      </Collapse>
    </Box>
  );
}
