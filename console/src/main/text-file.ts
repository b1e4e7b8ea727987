import { open } from 'node:fs/promises';
import path from 'node:path';
import type { BaseWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';
import type { TextFile } from '../shared/ipc.ts';

/** Lists for import are text; 5 MB is some 100,000 addresses with names, far past any list. */
export const MAX_TEXT_FILE_BYTES = 5 * 1024 * 1024;

export interface OpenDialog {
  showOpenDialog(win: BaseWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

/** UTF-8 when it is valid UTF-8 (a BOM is dropped), else Windows-1252, as older Excel saves CSV. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Reads a file the admin chose, refusing large or binary ones. */
export async function readTextFile(file: string): Promise<TextFile> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_TEXT_FILE_BYTES) {
      throw new Error(`${path.basename(file)} is larger than 5 MB; choose a list of addresses.`);
    }
    const bytes = await handle.readFile();
    if (bytes.includes(0)) {
      throw new Error(`${path.basename(file)} is not a text file; save the list as CSV or TXT.`);
    }
    return { name: path.basename(file), text: decode(bytes) };
  } finally {
    await handle.close();
  }
}

/**
 * The native open dialog, filtered to `extensions`; the main process reads the chosen file, so
 * the renderer never names a path. A file of another type is refused (some systems let the
 * admin switch the filter to "All files").
 */
export async function pickTextFile({
  win,
  dialog,
  extensions,
}: {
  win: BaseWindow;
  dialog: OpenDialog;
  extensions: string[];
}): Promise<TextFile | null> {
  const choice = await dialog.showOpenDialog(win, {
    title: 'Choose a list of e-mail addresses',
    properties: ['openFile'],
    filters: [{ name: extensions.map((e) => e.toUpperCase()).join(', '), extensions }],
  });
  const [file] = choice.filePaths;
  if (choice.canceled || !file) return null;
  const ext = path.extname(file).slice(1).toLowerCase();
  if (!extensions.includes(ext)) {
    throw new Error(`Choose a ${extensions.map((e) => `.${e}`).join(' or ')} file.`);
  }
  return readTextFile(file);
}
