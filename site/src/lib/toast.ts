import { notifications, notificationsStore } from '@mantine/notifications';

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

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const payload = {
    message,
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
