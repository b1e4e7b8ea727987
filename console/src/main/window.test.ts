import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, resetFakeElectron } from './test/fake-electron.ts';
import { createMainWindow, isAppUrl, preloadPath, rendererHtmlPath } from './window.ts';

vi.mock('electron', () => import('./test/fake-electron.ts'));

const devUrl = 'http://localhost:5173/';
const builtUrl = pathToFileURL(rendererHtmlPath).href;

function onlyWindow(): BrowserWindow {
  expect(BrowserWindow.instances).toHaveLength(1);
  return BrowserWindow.instances[0] as BrowserWindow;
}

beforeEach(() => {
  resetFakeElectron();
});

describe('createMainWindow', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, the built preload', () => {
    createMainWindow();

    expect(onlyWindow().options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: preloadPath,
    });
    // The sandboxed preload is the CommonJS file electron-vite emits next to out/main.
    expect(preloadPath.replaceAll('\\', '/')).toMatch(/\/preload\/index\.cjs$/);
  });

  it('stays hidden until ready-to-show, then shows', () => {
    createMainWindow();
    const win = onlyWindow();

    expect(win.options.show).toBe(false);
    expect(win.visible).toBe(false);
    win.emit('ready-to-show');
    expect(win.visible).toBe(true);
  });

  it('loads the built renderer from disk, or the dev server when given its URL', () => {
    createMainWindow();
    createMainWindow({ rendererUrl: devUrl });
    const [built, dev] = BrowserWindow.instances;

    expect(built?.loadedFile).toBe(rendererHtmlPath);
    expect(built?.loadedUrl).toBeUndefined();
    expect(dev?.loadedUrl).toBe(devUrl);
    expect(dev?.loadedFile).toBeUndefined();
  });

  it.each(['https://evil.example/', 'http://localhost:5173/other-window', builtUrl])(
    'denies window.open(%s)',
    (url) => {
      createMainWindow({ rendererUrl: devUrl });
      const handler = onlyWindow().webContents.windowOpenHandler;

      expect(handler).toBeTypeOf('function');
      expect(handler?.({ url })).toEqual({ action: 'deny' });
    },
  );

  describe.each([
    {
      name: 'built app',
      rendererUrl: undefined,
      inside: [`${builtUrl}#/orders`, new URL('assets/page.html', builtUrl).href],
      outside: [
        'https://evil.example/',
        'file:///etc/passwd',
        new URL('../main/index.js', builtUrl).href,
      ],
    },
    {
      name: 'dev server',
      rendererUrl: devUrl,
      inside: ['http://localhost:5173/admin/orders', 'http://localhost:5173/?q=1'],
      outside: [
        'https://evil.example/',
        'http://localhost:3000/',
        'http://localhost.evil.example:5173/',
      ],
    },
  ])('will-navigate ($name)', ({ rendererUrl, inside, outside }) => {
    it.each(outside)('prevents navigation to %s', (url) => {
      createMainWindow({ rendererUrl });
      expect(onlyWindow().webContents.navigate(url)).toBe(true);
    });

    it.each(inside)('allows navigation within the app to %s', (url) => {
      createMainWindow({ rendererUrl });
      expect(onlyWindow().webContents.navigate(url)).toBe(false);
    });
  });
});

describe('isAppUrl', () => {
  it.each([
    ['not a url', devUrl],
    ['javascript:alert(1)', devUrl],
    ['data:text/html,<h1>x</h1>', builtUrl],
    ['file://remote-host/renderer/index.html', 'file:///app/out/renderer/index.html'],
    ['file:///app/out/renderer-evil/index.html', 'file:///app/out/renderer/index.html'],
  ])('rejects %s for %s', (target, appUrl) => {
    expect(isAppUrl(target, appUrl)).toBe(false);
  });
});
