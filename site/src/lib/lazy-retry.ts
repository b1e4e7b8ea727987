import { httpMessages } from '@studio/shared/messages/http';
import { useState } from 'react';
import { toast } from './toast';

export const LAZY_LOAD_FAILED = httpMessages.windowFailed;

/** One id, so repeated failed clicks replace the toast rather than stack copies of it. */
const LAZY_LOAD_TOAST_ID = 'lazy-load-failed';

export interface RetryableImport<T> {
  /** The loaded value, once a download has succeeded. */
  current: () => T | undefined;
  /** Starts the download (or joins the one under way); a failure is forgotten, not cached. */
  load: () => Promise<T>;
  /** `load` for hover and focus: a failure is silent, and the click will try again. */
  preload: () => void;
}

/**
 * A code-split module loaded on first use. Unlike React.lazy, which keeps a rejected import and
 * throws it into the route's error view, a failed download (offline, or chunk names gone after
 * a deploy) is dropped so the next attempt fetches again.
 */
export function retryableImport<T>(importer: () => Promise<T>): RetryableImport<T> {
  let loaded: { value: T } | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    if (loaded) return Promise.resolve(loaded.value);
    pending ??= importer().then(
      (value) => {
        loaded = { value };
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    current: () => loaded?.value,
    load,
    preload: () => void load().catch(() => {}),
  };
}

/**
 * The value of `module` once loaded, and `withLoaded(then)`: runs `then` once the download has
 * succeeded (at once when it already has), or shows an error toast and leaves the page as it
 * was, so a modal never opens half-way and the next click tries again. The component stays
 * mounted from its first use on, so later closings keep their exit transition.
 */
export function useRetryableImport<T>(
  module: RetryableImport<T>,
): [T | undefined, (then: () => void) => void] {
  const [ready, setReady] = useState(() => module.current() !== undefined);
  const withLoaded = (then: () => void) => {
    if (module.current() !== undefined) {
      setReady(true);
      then();
      return;
    }
    module.load().then(
      () => {
        setReady(true);
        then();
      },
      () => toast.error(LAZY_LOAD_FAILED, { id: LAZY_LOAD_TOAST_ID }),
    );
  };
  return [ready ? module.current() : undefined, withLoaded];
}
