import { notificationsStore } from '@mantine/notifications';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

/**
 * Mantine's toast container, downloaded with the first toast rather than with the page: most
 * visits show none. Toasts shown before it arrives wait in Mantine's store and appear with it.
 */
export function DeferredNotifications(props: ComponentProps<typeof Notifications>) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (notificationsStore.getState().notifications.length > 0) setWanted(true);
    return notificationsStore.subscribe((state) => {
      if (state.notifications.length > 0) setWanted(true);
    });
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
