import { type NotificationsProps, notifications, notificationsStore } from '@mantine/notifications';

type NotificationPosition = NonNullable<NotificationsProps['position']>;

/**
 * Toasts as the spec types them (blank, error, success, loading, custom), on Mantine's
 * notifications. Durations are the spec's (section 9); a loading toast stays until dismissed or
 * updated. The `<Notifications limit={TOAST_LIMIT} />` in the providers caps how many show.
 */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: false,
  custom: 4000,
} as const;

export const TOAST_LIMIT = 20;

export type ToastType = keyof typeof TOAST_DURATIONS;

export interface ToastOptions {
  /** Milliseconds before it goes away; the type's duration by default. */
  duration?: number;
  /** Reusing an id replaces that toast rather than stacking a second one. */
  id?: string;
  title?: string;
}

const COLORS: Record<ToastType, string | undefined> = {
  blank: undefined,
  error: 'red',
  success: 'teal',
  loading: undefined,
  custom: 'grape',
};

/** Where toasts appear while a surface that asked for a place is mounted; else the theme's. */
let placement: NotificationPosition | undefined;

/**
 * Puts toasts at `position` until the returned function is called: the admin dashboard takes the
 * bottom right, clear of its header's Print report and Logout (decision 038), while the site's
 * pages keep the top right, clear of the newsletter box at their end.
 */
export function placeToasts(position: NotificationPosition): () => void {
  placement = position;
  return () => {
    if (placement === position) placement = undefined;
  };
}

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const payload = {
    message,
    position: placement,
    title: options.title,
    color: COLORS[type],
    loading: type === 'loading',
    autoClose: options.duration ?? TOAST_DURATIONS[type],
    withCloseButton: type !== 'loading',
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    // Tests (and styles) can tell the kinds apart.
    'data-toast-type': type,
  } as const;
  if (options.id && notificationsStore.getState().notifications.some((n) => n.id === options.id)) {
    notifications.update({ ...payload, id: options.id });
    return options.id;
  }
  return notifications.show({ ...payload, id: options.id });
}

export const toast = {
  /** A plain message ("blank" in the spec), also used for information such as a cancel. */
  blank: (message: string, options?: ToastOptions) => show('blank', message, options),
  info: (message: string, options?: ToastOptions) => show('blank', message, options),
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  loading: (message: string, options?: ToastOptions) => show('loading', message, options),
  custom: (message: string, options?: ToastOptions) => show('custom', message, options),
  dismiss: (id: string) => notifications.hide(id),
};
