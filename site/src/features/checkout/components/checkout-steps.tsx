import { Badge, Group } from '@mantine/core';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';

/** With something to ship the first step asks the address; downloads only, it reviews the items. */
const STEPS = { shipping: ['Shipping', 'Payment'], downloads: ['Review', 'Payment'] } as const;

/**
 * Where the customer is in checkout: 1 Shipping (Review, for downloads only), 2 Payment (the
 * current one marked for AT).
 */
export function CheckoutSteps({ active, shipping }: { active: 0 | 1; shipping: boolean }) {
  return (
    <Group
      component="ol"
      aria-label="Checkout steps"
      gap={6}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {STEPS[shipping ? 'shipping' : 'downloads'].map((label, index) => (
        <Group
          component="li"
          key={label}
          gap={6}
          aria-current={index === active ? 'step' : undefined}
        >
          {index > 0 && <IconChevronRight size={16} aria-hidden />}
          <Badge
            size="lg"
            variant={index === active ? 'filled' : 'light'}
            color={index < active ? 'teal' : 'violet'}
            leftSection={index < active ? <IconCheck size={14} aria-hidden /> : `${index + 1}.`}
          >
            {label}
          </Badge>
        </Group>
      ))}
    </Group>
  );
}
