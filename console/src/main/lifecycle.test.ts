import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../shared/ipc.ts';
import { startConsole } from './lifecycle.ts';
import {
  app,
  BrowserWindow,
  ipcMain,
  net,
  protocol,
  resetFakeElectron,
  screen,
  session,
} from './test/fake-electron.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

let userData: string;

beforeEach(() => {
  resetFakeElectron();
  vi.unstubAllEnvs();
  const appData = mkdtempSync(path.join(tmpdir(), 'console-appdata-'));
  userData = path.join(appData, 'Studio Console');
  mkdirSync(userData);
  app.paths = { appData, documents: appData };
});

function onlyWindow(): BrowserWindow {
  expect(BrowserWindow.instances).toHaveLength(1);
  return BrowserWindow.instances[0] as BrowserWindow;
}

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
    const win = onlyWindow();
    win.minimized = true;

    app.emit('second-instance');

    expect(BrowserWindow.instances).toHaveLength(1);
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('registers the app scheme as privileged before ready, and serves it once ready', async () => {
    startConsole();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({
          standard: true,
          secure: true,
          supportFetchAPI: true,
        }),
      }),
    ]);
    expect(protocol.handle).not.toHaveBeenCalled();

    await app.becomeReady();

    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(onlyWindow().loadedUrl).toBe('app://console/index.html');
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(IPC).sort());
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
  });

  it('forwards /api to the remembered server with net.fetch', async () => {
    writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ apiBase: 'https://studio.example' }),
    );
    net.fetch.mockResolvedValue(Response.json({ status: 'ok' }));
    startConsole();
    await app.becomeReady();

    const handle = protocol.handlers.get('app');
    const res = await handle?.(new Request('app://console/api/health'));

    expect(res?.status).toBe(200);
    expect(net.fetch).toHaveBeenCalledWith('https://studio.example/api/health', expect.anything());
  });

  it('serves the dev server only when not packaged', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5174/');
    app.isPackaged = true;
    startConsole();
    await app.becomeReady();

    await protocol.handlers.get('app')?.(new Request('app://console/index.html'));
    expect(net.fetch).not.toHaveBeenCalled();
  });

  it('uses the dev server under electron-vite dev', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5174/');
    net.fetch.mockResolvedValue(new Response('<html>'));
    startConsole();
    await app.becomeReady();

    await protocol.handlers.get('app')?.(new Request('app://console/index.html'));
    expect(net.fetch.mock.calls[0]?.[0]).toBe('http://localhost:5174/index.html');
  });

  it('remembers the window on close and restores it on the next start', async () => {
    startConsole();
    await app.becomeReady();
    const first = onlyWindow();
    first.bounds = { x: 300, y: 200, width: 1111, height: 777 };
    first.maximized = true;
    first.emit('close');
    await vi.waitFor(() => {
      const saved = JSON.parse(readFileSync(path.join(userData, 'settings.json'), 'utf8'));
      expect(saved.window).toEqual({ x: 300, y: 200, width: 1111, height: 777, maximized: true });
    });

    resetFakeElectron();
    app.paths = { appData: path.dirname(userData), documents: userData };
    startConsole();
    await app.becomeReady();
    const second = onlyWindow();
    expect(second.options).toMatchObject({ x: 300, y: 200, width: 1111, height: 777 });
    second.emit('ready-to-show');
    expect(second.maximized).toBe(true);
  });

  it('opens at the default place when the remembered display is gone', async () => {
    writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ window: { x: 2500, y: 100, width: 1000, height: 700, maximized: false } }),
    );
    screen.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
    startConsole();
    await app.becomeReady();

    expect(onlyWindow().options).toMatchObject({ width: 1280, height: 820 });
    expect(onlyWindow().options).not.toHaveProperty('x');
  });
});
