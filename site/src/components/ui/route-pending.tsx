import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a route loads its code or data, or while the session is being checked. */
export function RoutePending() {
  return (
    <Center mih="60vh" pt={64} role="status" aria-live="polite">
      <Loader />
      <VisuallyHidden>Loading</VisuallyHidden>
    </Center>
  );
}
