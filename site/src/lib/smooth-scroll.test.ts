import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  easeInOutCubic,
  SMOOTH_SCROLL_MS,
  scrollPositionAt,
  smoothScrollTo,
} from './smooth-scroll';

describe('easeInOutCubic', () => {
  it('starts at 0, passes the middle at 0.5 and ends at 1, never going back', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    let last = 0;
    for (let t = 0; t <= 1; t += 0.01) {
      const v = easeInOutCubic(t);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });

  it('interpolates between the two positions', () => {
    expect(scrollPositionAt(100, 900, 0, 1200)).toBe(100);
    expect(scrollPositionAt(100, 900, 600, 1200)).toBeCloseTo(500);
    expect(scrollPositionAt(100, 900, 1200, 1200)).toBe(900);
    expect(scrollPositionAt(100, 900, 5, 0)).toBe(900);
  });
});

describe('smoothScrollTo', () => {
  let positions: number[];
  let reduced: boolean;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    positions = [];
    reduced = false;
    vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      positions.push(options.top ?? Number.NaN);
    }) as typeof window.scrollTo);
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: reduced, media: query }) as MediaQueryList,
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it(`reaches the target after ${SMOOTH_SCROLL_MS} ms, not before`, async () => {
    const done = smoothScrollTo(1000);
    vi.advanceTimersByTime(300);
    const early = positions.at(-1) ?? 0;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(200);
    vi.advanceTimersByTime(SMOOTH_SCROLL_MS - 400);
    expect(positions.at(-1)).toBeLessThan(1000);
    vi.advanceTimersByTime(200);
    await done;
    expect(positions.at(-1)).toBe(1000);
  });

  it('jumps in one step under prefers-reduced-motion', async () => {
    reduced = true;
    await smoothScrollTo(750);
    expect(positions).toEqual([750]);
  });

  it('stops where it is when the visitor scrolls with the wheel', async () => {
    const done = smoothScrollTo(1000);
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new Event('wheel'));
    await done;
    const count = positions.length;
    vi.advanceTimersByTime(2000);
    expect(positions.length).toBe(count);
    expect(positions.at(-1)).toBeLessThan(1000);
  });

  it('follows a target that moves while scrolling', async () => {
    let target = 1000;
    const done = smoothScrollTo(() => target);
    vi.advanceTimersByTime(600);
    target = 1400;
    vi.advanceTimersByTime(800);
    await done;
    expect(positions.at(-1)).toBe(1400);
  });
});
