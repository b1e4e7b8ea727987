/** What the preload exposes to the renderer as `window.studio`. Types only: no runtime code. */
export interface StudioBridge {
  /** The console's version, from its package.json at build time. */
  readonly version: string;
}
