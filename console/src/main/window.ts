import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow } from 'electron';

// Paths inside out/ as electron-vite lays it out: out/main/index.js, out/preload/index.cjs,
// out/renderer/index.html.
export const preloadPath = join(import.meta.dirname, '../preload/index.cjs');
export const rendererHtmlPath = join(import.meta.dirname, '../renderer/index.html');

/**
 * Whether `target` belongs to the app loaded from `appUrl`: the same origin for the dev server,
 * or a file inside the renderer's own folder for the built app.
 */
export function isAppUrl(target: string, appUrl: string): boolean {
  let to: URL;
  let app: URL;
  try {
    to = new URL(target);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  if (app.protocol === 'file:') {
    const rendererDir = new URL('.', app).pathname;
    return to.protocol === 'file:' && to.host === app.host && to.pathname.startsWith(rendererDir);
  }
  return to.origin === app.origin;
}

export interface MainWindowOptions {
  /** The dev server's URL; unset, the built renderer is loaded from disk. */
  rendererUrl?: string | undefined;
}

export function createMainWindow({ rendererUrl }: MainWindowOptions = {}): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Studio Console',
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      // Electron's security checklist: the renderer gets no Node and only the preload bridge.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: preloadPath,
    },
  });

  const appUrl = rendererUrl ?? pathToFileURL(rendererHtmlPath).href;

  win.once('ready-to-show', () => win.show());

  // The console never opens windows of its own; links to elsewhere are not followed.
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault();
  });

  const loaded = rendererUrl ? win.loadURL(rendererUrl) : win.loadFile(rendererHtmlPath);
  loaded.catch((error: unknown) => {
    console.error('Studio Console: the renderer failed to load', error);
  });

  return win;
}
