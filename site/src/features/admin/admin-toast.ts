import { ApiError } from '../../lib/api-error';
import { toast } from '../../lib/toast';

/** Spec 9: every admin toast stays 4 seconds (a success toast's default is 2). */
export const ADMIN_TOAST = { duration: 4000 } as const;

/** Spec 8's failure message, titled over the server's reason (e.g. no stock left to re-open). */
export function failureToast(fallback: string, error: unknown) {
  const reason = error instanceof ApiError && error.status > 0 ? error.message : null;
  if (reason && reason !== fallback) toast.error(reason, { ...ADMIN_TOAST, title: fallback });
  else toast.error(fallback, ADMIN_TOAST);
}
