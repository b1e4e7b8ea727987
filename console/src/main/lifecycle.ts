import { app, BrowserWindow } from 'electron';
import { createMainWindow } from './window.ts';

// electron-vite dev serves the renderer and passes its URL; a packaged app always loads the
// built files, whatever the environment says.
function rendererUrl(): string | undefined {
  return app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
}

function openWindow(): BrowserWindow {
  return createMainWindow({ rendererUrl: rendererUrl() });
}

/** App lifecycle: one instance, one main window, quit when it closes (except on macOS). */
export function startConsole(): void {
  // A second console would hold its own session and race the first on local files.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

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
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  });
}
