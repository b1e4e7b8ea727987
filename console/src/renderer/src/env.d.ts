/// <reference types="vite/client" />
import type { StudioBridge } from '../../preload/bridge.ts';

declare global {
  interface Window {
    /** Exposed by src/preload/index.ts through contextBridge. */
    readonly studio: StudioBridge;
  }
}
