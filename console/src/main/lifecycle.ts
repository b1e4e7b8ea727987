import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  net,
  protocol,
  safeStorage,
  screen,
  session,
} from 'electron';
import { createAppHandler } from './app-handler.ts';
import { APP_SCHEME, registerAppScheme } from './app-scheme.ts';
import { registerConsoleIpc } from './ipc.ts';
import { createSessionStore } from './session-store.ts';
import { createSettingsStore, type SettingsStore } from './settings.ts';
import { createMainWindow, rendererDir } from './window.ts';
import { captureWindowState, restoredBounds } from './window-state.ts';

// electron-vite dev serves the renderer and passes its URL; a packaged app always serves the
// built files, whatever the environment says.
function devServerUrl(): string | undefined {
  return app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
}

function openWindow(settings: SettingsStore): BrowserWindow {
  const saved = settings.get().window;
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const win = createMainWindow({
    bounds: restoredBounds(saved, workAreas),
    maximized: saved?.maximized ?? false,
  });
  win.on('close', () => {
    settings.update({ window: captureWindowState(win) }).catch((error: unknown) => {
      console.error('Studio Console: could not remember the window', error);
    });
  });
  return win;
}

/** The console asks for no device or browser permission; only writing to the clipboard. */
function denyPermissions(): void {
  const allowed = (permission: string) => permission === 'clipboard-sanitized-write';
  session.defaultSession.setPermissionRequestHandler((_wc, permission, grant) =>
    grant(allowed(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => allowed(permission));
}

/** App lifecycle: one instance, one main window, quit when it closes (except on macOS). */
export function startConsole(): void {
  registerAppScheme();
  // A second console would hold its own session and race the first on local files.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  // One folder whatever the package name says: 'Studio Console' in the system's app-data place.
  app.setPath('userData', join(app.getPath('appData'), 'Studio Console'));
  const userData = app.getPath('userData');
  const settings = createSettingsStore(join(userData, 'settings.json'));
  const sessions = createSessionStore({
    file: join(userData, 'session.bin'),
    safeStorage,
    platform: process.platform,
  });

  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.whenReady().then(() => {
    const devServer = devServerUrl();
    protocol.handle(
      APP_SCHEME,
      createAppHandler({
        renderer: devServer ? { devServer } : { dir: rendererDir },
        apiBase: () => settings.get().apiBase ?? null,
        fetch: (input, init) => net.fetch(input, init),
        deviceCookie: {
          get: (apiBase) => {
            const kept = settings.get().deviceCookie;
            return kept?.apiBase === apiBase ? kept.value : null;
          },
          set: (apiBase, value) => {
            settings.update({ deviceCookie: { apiBase, value } }).catch((error: unknown) => {
              console.error('Studio Console: could not keep the device cookie', error);
            });
          },
        },
      }),
    );
    denyPermissions();
    registerConsoleIpc({
      ipcMain,
      settings,
      sessions,
      dialog,
      documentsDir: () => app.getPath('documents'),
      fetch: (input, init) => net.fetch(input, init),
      windowOf: (event) => {
        const win = BrowserWindow.fromWebContents(event.sender);
        if (!win) throw new Error('The calling window is gone');
        return win;
      },
    });
    openWindow(settings);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow(settings);
    });
  });
}
