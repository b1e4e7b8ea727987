export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the main window between runs (settings.json). */
export interface WindowState extends Rect {
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;

/** How much of the window's top edge must lie on a screen for it to be grabbed and moved. */
const GRAB = { width: 120, height: 24 } as const;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The bounds to open the window with: the remembered ones when their title bar still lies on a
 * display's work area (a monitor may have been unplugged, or the resolution changed), else just
 * the default size, which the system centres. A remembered size larger than that display is
 * shrunk to fit it.
 */
export function restoredBounds(
  saved: WindowState | undefined,
  workAreas: Rect[],
): Partial<Rect> & { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const titleBar = { x: saved.x, y: saved.y, width: saved.width, height: GRAB.height };
  const area = workAreas.find((wa) => {
    const o = overlap(titleBar, wa);
    return o.width >= GRAB.width && o.height >= GRAB.height;
  });
  if (!area) return { ...DEFAULT_SIZE };
  return {
    x: saved.x,
    y: saved.y,
    width: Math.max(MIN_SIZE.width, Math.min(saved.width, area.width)),
    height: Math.max(MIN_SIZE.height, Math.min(saved.height, area.height)),
  };
}

/** The part of a BrowserWindow this module needs. */
export interface WindowLike {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isFullScreen(): boolean;
}

/** The state to remember: the un-maximized bounds, so a restore puts the window back there. */
export function captureWindowState(win: WindowLike): WindowState {
  const { x, y, width, height } = win.getNormalBounds();
  return { x, y, width, height, maximized: win.isMaximized() || win.isFullScreen() };
}
