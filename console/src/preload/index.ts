import { contextBridge } from 'electron';
import type { StudioBridge } from './bridge.ts';

const bridge: StudioBridge = { version: __APP_VERSION__ };

contextBridge.exposeInMainWorld('studio', bridge);
