/** Spec 9: the hero's buttons scroll to their section in 1.2 s. */
export const SMOOTH_SCROLL_MS = 1200;

/** The fixed site header's height (site-header.module.css): a section should stop just below it. */
export const HEADER_OFFSET_PX = 64;

/** Slow start, slow stop: reads as one deliberate move rather than a jump. */
export function easeInOutCubic(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where `from` should be `elapsed` ms into a scroll of `duration` ms to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration: number) {
  if (duration <= 0) return to;
  return from + (to - from) * easeInOutCubic(elapsed / duration);
}

/** The page offset that puts `element`'s top edge at the bottom of the fixed header. */
export function scrollTargetFor(element: Element, offset = HEADER_OFFSET_PX): number {
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

// The visitor's own wheel, touch or key input wins over an animation still running.
const INTERRUPTS = ['wheel', 'touchstart', 'keydown'] as const;

let cancelRunning: (() => void) | undefined;

/**
 * Scrolls the window to `target` over exactly `duration` ms with requestAnimationFrame (CSS
 * `scroll-behavior` lets the browser pick the duration). Under prefers-reduced-motion it jumps.
 * A function target is read on every frame, so content that loads mid-scroll (images, lists)
 * does not make it stop short. Resolves when the scroll ends or is interrupted.
 */
export function smoothScrollTo(
  target: number | (() => number),
  duration = SMOOTH_SCROLL_MS,
): Promise<void> {
  cancelRunning?.();
  const targetY = typeof target === 'function' ? target : () => target;
  // behavior 'instant' overrides a stylesheet's `scroll-behavior: smooth`, which would otherwise
  // turn every frame's scrollTo into its own animation.
  if (duration <= 0 || prefersReducedMotion()) {
    window.scrollTo({ top: targetY(), behavior: 'instant' });
    return Promise.resolve();
  }
  const from = window.scrollY;
  return new Promise((resolve) => {
    let frame = 0;
    // Timed from the call (the click), not from the first frame: a slow first frame shortens the
    // animation rather than delaying its end.
    const start = performance.now();
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of INTERRUPTS) window.removeEventListener(type, stop);
      if (cancelRunning === stop) cancelRunning = undefined;
      resolve();
    };
    const step = (now: number) => {
      const elapsed = Math.max(0, now - start);
      window.scrollTo({
        top: scrollPositionAt(from, targetY(), elapsed, duration),
        behavior: 'instant',
      });
      if (elapsed < duration) frame = requestAnimationFrame(step);
      else stop();
    };
    for (const type of INTERRUPTS) window.addEventListener(type, stop, { passive: true });
    cancelRunning = stop;
    frame = requestAnimationFrame(step);
  });
}

/**
 * Scrolls to the element with `id`, then moves focus to it (without scrolling again), so a
 * keyboard user continues from the section they asked for.
 */
export async function smoothScrollToId(id: string): Promise<void> {
  const element = document.getElementById(id);
  if (!element) return;
  await smoothScrollTo(() => scrollTargetFor(element));
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}
