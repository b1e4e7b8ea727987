// A stand-in for the parts of the `electron` module the main process uses, for Vitest
// (`vi.mock('electron', () => import('./test/fake-electron.ts'))`). The real module cannot load
// outside Electron: requiring it tries to download the Electron binary.
import { EventEmitter } from 'node:events';
import { type Mock, vi } from 'vitest';

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: OpenHandler | undefined;
  /** What `print` answers: [success, failureReason]. */
  printOutcome: [boolean, string] = [true, ''];
  readonly print: Mock<(options: unknown, cb: (ok: boolean, reason: string) => void) => void> =
    vi.fn((_options, cb) => cb(...this.printOutcome));
  readonly printToPDF: Mock<(options: unknown) => Promise<Buffer>> = vi.fn(async () =>
    Buffer.from('%PDF-1.7 fake report\n'),
  );

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
  static fromWebContents(wc: unknown): BrowserWindow | null {
    return BrowserWindow.instances.find((win) => win.webContents === wc) ?? null;
  }

  readonly webContents = new FakeWebContents();
  visible = false;
  minimized = false;
  maximized = false;
  fullScreen = false;
  focused = false;
  destroyed = false;
  loadedUrl: string | undefined;
  bounds: Rect;

  constructor(readonly options: Record<string, unknown>) {
    super();
    const o = options as Partial<Rect>;
    this.bounds = { x: o.x ?? 100, y: o.y ?? 100, width: o.width ?? 800, height: o.height ?? 600 };
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
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
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
  paths: Record<string, string> = {};
  readonly quit: Mock<() => void> = vi.fn();
  private ready = deferred();

  requestSingleInstanceLock(): boolean {
    return this.hasLock;
  }
  getPath(name: string): string {
    const path = this.paths[name];
    if (!path) throw new Error(`fake electron: app.getPath('${name}') not set by the test`);
    return path;
  }
  setPath(name: string, path: string): void {
    this.paths[name] = path;
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
    this.paths = {};
    this.quit.mockReset();
    this.ready = deferred();
  }
}

export const app = new FakeApp();

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

class FakeIpcMain {
  readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  /** Calls a channel's handler as Electron would for `event`. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
}

export const ipcMain = new FakeIpcMain();

/** Reversible and obviously not the plaintext: each byte flipped, behind a version prefix. */
const flip = (bytes: Buffer) => Buffer.from(bytes.map((b) => b ^ 0xa5));
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isAsyncEncryptionAvailable: vi.fn(async () => safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  encryptStringAsync: vi.fn(async (plain: string) =>
    Buffer.concat([Buffer.from('v11'), flip(Buffer.from(plain, 'utf8'))]),
  ),
  decryptStringAsync: vi.fn(async (bytes: Buffer) => {
    if (bytes.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting');
    return { result: flip(bytes.subarray(3)).toString('utf8'), shouldReEncrypt: false };
  }),
};

export const dialog = {
  showSaveDialog: vi.fn(),
  showOpenDialog: vi.fn(),
};

export const screen = {
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] as { workArea: Rect }[],
  getAllDisplays: () => screen.displays,
};

export const shell = { openExternal: vi.fn(async (_url: string) => {}) };

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, (req: Request) => Promise<Response>>(),
  handle: vi.fn((scheme: string, handler: (req: Request) => Promise<Response>) => {
    protocol.handlers.set(scheme, handler);
  }),
};

export const net = { fetch: vi.fn(async (_input: string, _init?: RequestInit) => new Response()) };

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
  },
};

/** The preload's side: what it exposes to the page, and the IPC calls it makes. */
export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    contextBridge.exposed[key] = api;
  }),
};
export const ipcRenderer = {
  invoke: vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => undefined),
};

export function resetFakeElectron(): void {
  app.reset();
  BrowserWindow.instances = [];
  ipcMain.handlers.clear();
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  screen.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }];
  protocol.handlers.clear();
  for (const fn of [
    dialog.showSaveDialog,
    dialog.showOpenDialog,
    shell.openExternal,
    protocol.registerSchemesAsPrivileged,
    protocol.handle,
    net.fetch,
    session.defaultSession.setPermissionRequestHandler,
    session.defaultSession.setPermissionCheckHandler,
    safeStorage.encryptStringAsync,
    safeStorage.decryptStringAsync,
    ipcRenderer.invoke,
  ]) {
    // Vitest's mockReset returns each mock to the implementation it was created with.
    fn.mockReset();
  }
}
