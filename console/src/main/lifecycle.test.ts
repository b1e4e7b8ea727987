import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startConsole } from './lifecycle.ts';
import { app, BrowserWindow, resetFakeElectron } from './test/fake-electron.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

beforeEach(() => {
  resetFakeElectron();
  vi.unstubAllEnvs();
});

describe('startConsole', () => {
  it('quits at once, opening no window, when another console holds the lock', async () => {
    app.hasLock = false;

    startConsole();
    await app.becomeReady();

    expect(app.quit).toHaveBeenCalledOnce();
    expect(BrowserWindow.instances).toHaveLength(0);
  });

  it('opens one window when ready and brings it back when a second console starts', async () => {
    startConsole();
    await app.becomeReady();
    expect(BrowserWindow.instances).toHaveLength(1);
    const win = BrowserWindow.instances[0] as BrowserWindow;
    win.minimized = true;

    app.emit('second-instance');

    expect(BrowserWindow.instances).toHaveLength(1);
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('loads the dev server only when not packaged', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    app.isPackaged = true;

    startConsole();
    await app.becomeReady();

    const win = BrowserWindow.instances[0];
    expect(win?.loadedUrl).toBeUndefined();
    expect(win?.loadedFile).toMatch(/index\.html$/);
  });

  it('uses the dev server URL in development', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');

    startConsole();
    await app.becomeReady();

    expect(BrowserWindow.instances[0]?.loadedUrl).toBe('http://localhost:5173/');
  });
});
