import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * Previous / next links rather than numbered buttons: each page has its own address
 * (`/orders?page=2`), so Back, reload and bookmarks keep the place, and it fits a phone.
 */
export function OrdersPager({ page, pages }: { page: number; pages: number }) {
  const previous = page > 1 ? page - 1 : undefined;
  const next = page < pages ? page + 1 : undefined;
  return (
    <Group justify="space-between" component="nav" aria-label="Order pages" wrap="nowrap">
      {previous ? (
        <Button
          renderRoot={(props) => (
            <Link
              to="/orders"
              search={{ page: previous === 1 ? undefined : previous }}
              {...props}
            />
          )}
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
        >
          Previous
        </Button>
      ) : (
        <Button variant="default" disabled leftSection={<IconChevronLeft size={16} aria-hidden />}>
          Previous
        </Button>
      )}
      <Text size="sm">
        Page {page} of {pages}
      </Text>
      {next ? (
        <Button
          renderRoot={(props) => <Link to="/orders" search={{ page: next }} {...props} />}
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
        >
          Next
        </Button>
      ) : (
        <Button
          variant="default"
          disabled
          rightSection={<IconChevronRight size={16} aria-hidden />}
        >
          Next
        </Button>
      )}
    </Group>
  );
}
