import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from './settings.ts';
import { captureWindowState, DEFAULT_SIZE, restoredBounds } from './window-state.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const rightMonitor = { x: 1440, y: 0, width: 2560, height: 1400 };
const saved = { x: 200, y: 120, width: 1100, height: 700, maximized: false };

describe('restoredBounds', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(restoredBounds(undefined, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('restores a window that lies on a display', () => {
    expect(restoredBounds(saved, [laptop])).toEqual({ x: 200, y: 120, width: 1100, height: 700 });
  });

  it('restores on a second display while it is connected', () => {
    const there = { ...saved, x: 2000, y: 100 };
    expect(restoredBounds(there, [laptop, rightMonitor])).toMatchObject({ x: 2000, y: 100 });
  });

  it.each([
    ['its monitor was unplugged', { ...saved, x: 2000 }],
    ['it is above the screen (title bar unreachable)', { ...saved, y: -650 }],
    ['only a sliver of the title bar is on screen', { ...saved, x: 1440 - 60 }],
    ['it is far off to the left', { ...saved, x: -5000 }],
  ])('falls back to the default when %s', (_why, bounds) => {
    expect(restoredBounds(bounds, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('shrinks a window larger than the display it is on, but not under the minimum', () => {
    const huge = { x: 0, y: 0, width: 3000, height: 2000, maximized: false };
    expect(restoredBounds(huge, [laptop])).toEqual({ x: 0, y: 0, width: 1440, height: 860 });
    const tiny = { x: 10, y: 10, width: 300, height: 200, maximized: false };
    expect(restoredBounds(tiny, [laptop])).toMatchObject({ width: 900, height: 600 });
  });
});

describe('captureWindowState', () => {
  it('keeps the un-maximized bounds and whether the window was maximized or full screen', () => {
    const win = (maximized: boolean, fullScreen: boolean) => ({
      getNormalBounds: () => ({ x: 5, y: 6, width: 1000, height: 700 }),
      isMaximized: () => maximized,
      isFullScreen: () => fullScreen,
    });
    expect(captureWindowState(win(false, false))).toEqual({
      x: 5,
      y: 6,
      width: 1000,
      height: 700,
      maximized: false,
    });
    expect(captureWindowState(win(true, false)).maximized).toBe(true);
    expect(captureWindowState(win(false, true)).maximized).toBe(true);
  });
});

describe('settings.json', () => {
  const fresh = () =>
    path.join(mkdtempSync(path.join(tmpdir(), 'console-settings-')), 'settings.json');

  it('remembers the server and the window across starts', async () => {
    const file = fresh();
    await createSettingsStore(file).update({ apiBase: 'https://studio.example', window: saved });

    expect(createSettingsStore(file).get()).toEqual({
      apiBase: 'https://studio.example',
      window: saved,
    });
    expect(JSON.parse(readFileSync(file, 'utf8'))).not.toHaveProperty('token');
  });

  it('keeps the good fields of a damaged or hand-edited file and ignores the rest', () => {
    const file = fresh();
    writeFileSync(file, JSON.stringify({ apiBase: 'javascript:alert(1)', window: saved }));
    expect(createSettingsStore(file).get()).toEqual({ window: saved });

    writeFileSync(file, '{ not json');
    expect(createSettingsStore(file).get()).toEqual({});
  });

  it('lands the last of several quick updates', async () => {
    const file = fresh();
    const store = createSettingsStore(file);
    await Promise.all([
      store.update({ apiBase: 'https://a.example' }),
      store.update({ apiBase: 'https://b.example' }),
    ]);
    expect(createSettingsStore(file).get().apiBase).toBe('https://b.example');
  });
});
