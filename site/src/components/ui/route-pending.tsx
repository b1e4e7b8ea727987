import { Center, Loader } from '@mantine/core';

/** Shown while a route loads its code or data. */
export function RoutePending() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
