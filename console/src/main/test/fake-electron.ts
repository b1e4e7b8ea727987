// A stand-in for the parts of the `electron` module the main process uses, for Vitest
// (`vi.mock('electron', () => import('./test/fake-electron.ts'))`). The real module cannot load
// outside Electron: requiring it tries to download the Electron binary.
import { EventEmitter } from 'node:events';
import { type Mock, vi } from 'vitest';

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: OpenHandler | undefined;

  setWindowOpenHandler(handler: OpenHandler): void {
    this.windowOpenHandler = handler;
  }

  /** Emits will-navigate the way Electron does; returns whether the navigation was prevented. */
  navigate(url: string): boolean {
    let prevented = false;
    const event = {
      url,
      isMainFrame: true,
      isSameDocument: false,
      preventDefault: () => {
        prevented = true;
      },
    };
    this.emit('will-navigate', event, url);
    return prevented;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances.filter((win) => !win.destroyed);
  }

  readonly webContents = new FakeWebContents();
  visible = false;
  minimized = false;
  focused = false;
  destroyed = false;
  loadedUrl: string | undefined;
  loadedFile: string | undefined;

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }

  show(): void {
    this.visible = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused = true;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
  }
  async loadFile(path: string): Promise<void> {
    this.loadedFile = path;
  }
}

// Promise.withResolvers needs Node 22.
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  hasLock = true;
  readonly quit: Mock<() => void> = vi.fn();
  private ready = deferred();

  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  whenReady(): Promise<void> {
    return this.ready.promise;
  }
  /** Resolves whenReady() and lets its callbacks run. */
  async becomeReady(): Promise<void> {
    this.ready.resolve();
    await this.ready.promise;
    await Promise.resolve();
  }
  reset(): void {
    this.removeAllListeners();
    this.isPackaged = false;
    this.hasLock = true;
    this.quit.mockReset();
    this.ready = deferred();
  }
}

export const app = new FakeApp();

export function resetFakeElectron(): void {
  app.reset();
  BrowserWindow.instances = [];
}
