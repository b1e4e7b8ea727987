import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_URL, isAppUrl, isSafeExternalUrl } from './app-scheme.ts';
import { BrowserWindow, resetFakeElectron, shell } from './test/fake-electron.ts';
import { createMainWindow, preloadPath } from './window.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

function onlyWindow(): BrowserWindow {
  expect(BrowserWindow.instances).toHaveLength(1);
  return BrowserWindow.instances[0] as BrowserWindow;
}

beforeEach(() => {
  resetFakeElectron();
});

describe('createMainWindow', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security, the preload', () => {
    createMainWindow();

    expect(onlyWindow().options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: preloadPath,
    });
    // The sandboxed preload is the CommonJS file electron-vite emits next to out/main.
    expect(preloadPath.replaceAll('\\', '/')).toMatch(/\/preload\/index\.cjs$/);
  });

  it('loads the renderer from the app scheme, never from file://', () => {
    createMainWindow();
    expect(onlyWindow().loadedUrl).toBe('app://console/index.html');
    expect(APP_URL).toBe('app://console/index.html');
  });

  it('opens where it is told, else at the default size; never smaller than the minimum', () => {
    createMainWindow({ bounds: { x: 40, y: 50, width: 1000, height: 700 } });
    createMainWindow();
    const [placed, fresh] = BrowserWindow.instances;

    expect(placed?.options).toMatchObject({ x: 40, y: 50, width: 1000, height: 700 });
    expect(fresh?.options).toMatchObject({ width: 1280, height: 820 });
    expect(fresh?.options).not.toHaveProperty('x');
    expect(placed?.options).toMatchObject({ minWidth: 900, minHeight: 600 });
  });

  it('stays hidden until ready-to-show, then shows (maximized when it was)', () => {
    createMainWindow({ maximized: true });
    const win = onlyWindow();

    expect(win.options.show).toBe(false);
    expect(win.visible).toBe(false);
    win.emit('ready-to-show');
    expect(win.visible).toBe(true);
    expect(win.maximized).toBe(true);
  });

  describe('window.open', () => {
    it.each(['https://tracking.example/parcel/1', 'http://studio.example/terms'])(
      'is denied, and %s opens in the system browser',
      (url) => {
        createMainWindow();
        expect(onlyWindow().webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
        expect(shell.openExternal).toHaveBeenCalledWith(url);
      },
    );

    it.each([
      'app://console/index.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://fileserver/share',
      'https://user:pw@evil.example/',
      'not a url',
    ])('is denied, and %s is not opened anywhere', (url) => {
      createMainWindow();
      expect(onlyWindow().webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
      expect(shell.openExternal).not.toHaveBeenCalled();
    });
  });

  describe('will-navigate', () => {
    it.each(['app://console/index.html', 'app://console/index.html#orders', 'app://console/x?y=1'])(
      'allows navigation within the app to %s',
      (url) => {
        createMainWindow();
        expect(onlyWindow().webContents.navigate(url)).toBe(false);
      },
    );

    it.each([
      'https://evil.example/',
      'http://localhost:3000/',
      'file:///etc/passwd',
      'app://console.evil/',
      'app://other/index.html',
      'data:text/html,<h1>x</h1>',
    ])('prevents navigation to %s', (url) => {
      createMainWindow();
      expect(onlyWindow().webContents.navigate(url)).toBe(true);
    });

    it('hands an http(s) link the page tried to follow to the system browser instead', () => {
      createMainWindow();
      onlyWindow().webContents.navigate('https://studio.example/terms-of-service');
      expect(shell.openExternal).toHaveBeenCalledWith('https://studio.example/terms-of-service');
    });
  });

  it('refuses to attach <webview> tags', () => {
    createMainWindow();
    const preventDefault = vi.fn();
    onlyWindow().webContents.emit('will-attach-webview', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });
});

describe('isAppUrl and isSafeExternalUrl', () => {
  it.each(['not a url', 'javascript:alert(1)', 'app:console', 'APP://CONSOLE.evil/'])(
    'isAppUrl rejects %s',
    (url) => {
      expect(isAppUrl(url)).toBe(false);
    },
  );

  it.each(['mailto:a@b.co', 'ftp://x.example/', 'https://', 'http://a:b@x.example/'])(
    'isSafeExternalUrl rejects %s',
    (url) => {
      expect(isSafeExternalUrl(url)).toBe(false);
    },
  );
});
