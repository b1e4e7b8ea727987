import { join } from 'node:path';
import { BrowserWindow, shell } from 'electron';
import { APP_URL, isAppUrl, isSafeExternalUrl } from './app-scheme.ts';
import { MIN_SIZE, type Rect } from './window-state.ts';

// Paths inside out/ as electron-vite lays it out: out/main/index.js, out/preload/index.cjs,
// out/renderer/index.html.
export const preloadPath = join(import.meta.dirname, '../preload/index.cjs');
export const rendererDir = join(import.meta.dirname, '../renderer');

export interface MainWindowOptions {
  /** Where to open (restoredBounds in window-state.ts); just a size lets the system centre it. */
  bounds?: Partial<Rect> & { width: number; height: number };
  maximized?: boolean;
}

/** Hands an http(s) link to the system browser; anything else is dropped. */
function openOutside(url: string): void {
  if (!isSafeExternalUrl(url)) return;
  shell.openExternal(url).catch((error: unknown) => {
    console.error('Studio Console: could not open the link', error);
  });
}

export function createMainWindow({ bounds, maximized }: MainWindowOptions = {}): BrowserWindow {
  const win = new BrowserWindow({
    ...(bounds ?? { width: 1280, height: 820 }),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Studio Console',
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#242424',
    webPreferences: {
      // Electron's security checklist: the renderer gets no Node and only the preload bridge.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: preloadPath,
    },
  });

  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    win.show();
  });

  // The console never opens windows of its own: an http(s) link goes to the system browser.
  win.webContents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openOutside(event.url);
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());

  win.loadURL(APP_URL).catch((error: unknown) => {
    console.error('Studio Console: the renderer failed to load', error);
  });

  return win;
}
