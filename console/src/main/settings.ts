import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { serialWriter, writeFileAtomic } from './json-file.ts';
import type { WindowState } from './window-state.ts';

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});

// Each field is read on its own: one bad value (a hand edit, an older version) costs that field,
// not the others.
const fields = {
  apiBase: z.url({ protocol: /^https?$/ }),
  window: windowStateSchema,
  deviceCookie: z.object({ apiBase: z.string().min(1), value: z.string().min(1).max(200) }),
};

export interface Settings {
  apiBase?: string;
  window?: WindowState;
  /**
   * The API's device cookie for that server (decision 024): it only marks this console as a
   * known device for its account's sign-in throttling, and signs nobody in.
   */
  deviceCookie?: { apiBase: string; value: string };
}

export interface SettingsStore {
  get(): Settings;
  update(patch: Partial<Settings>): Promise<void>;
}

function readSettings(file: string): Settings {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const record = raw as Record<string, unknown>;
  const settings: Settings = {};
  const apiBase = fields.apiBase.safeParse(record.apiBase);
  if (apiBase.success) settings.apiBase = apiBase.data;
  const win = fields.window.safeParse(record.window);
  if (win.success) settings.window = win.data;
  const device = fields.deviceCookie.safeParse(record.deviceCookie);
  if (device.success) settings.deviceCookie = device.data;
  return settings;
}

/**
 * The console's remembered settings (the server's address, the window's place), as JSON in
 * userData/settings.json. Never secrets: the session is kept by session-store.ts.
 */
export function createSettingsStore(file: string): SettingsStore {
  let current = readSettings(file);
  const write = serialWriter();
  return {
    get: () => current,
    update(patch) {
      current = { ...current, ...patch };
      const snapshot = `${JSON.stringify(current, null, 2)}\n`;
      return write(() => writeFileAtomic(file, snapshot));
    },
  };
}
