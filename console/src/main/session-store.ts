import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import type { SessionPersistence } from '../shared/ipc.ts';
import { serialWriter, writeFileAtomic } from './json-file.ts';

/** The parts of Electron's `safeStorage` used here (its async API; the sync one is deprecated). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
}

const storedSessionSchema = z.object({
  apiBase: z.string().min(1),
  token: z.string().min(1),
  adminName: z.string().nullable(),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

export interface SessionStore {
  /** Decided once: 'encrypted' when the system offers a real key store, else 'memory'. */
  persistence(): Promise<SessionPersistence>;
  load(): Promise<StoredSession | null>;
  save(session: StoredSession): Promise<void>;
  clear(): Promise<void>;
}

export interface SessionStoreOptions {
  /** userData/session.bin: only ever the ciphertext. */
  file: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  log?: (message: string) => void;
}

/**
 * Keeps the admin's session (server, token, name) with Electron's safeStorage: encrypted with a
 * key from the system's key store (Keychain, DPAPI, libsecret/KWallet) into one file. The token
 * is never written in clear: without a usable key store the session lives in memory only, and
 * the admin signs in again at the next start (the sign-in screen says so).
 */
export function createSessionStore({
  file,
  safeStorage,
  platform,
  log = console.warn,
}: SessionStoreOptions): SessionStore {
  let memory: StoredSession | null = null;
  let mode: Promise<SessionPersistence> | undefined;
  const write = serialWriter();

  const persistence = () => {
    mode ??= (async (): Promise<SessionPersistence> => {
      const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false);
      // On Linux without a secret service, Electron falls back to 'basic_text': a key built
      // into Chromium, which anyone with the file could undo. That is not encryption.
      const weak =
        platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text';
      if (available && !weak) return 'encrypted';
      log(
        'Studio Console: no system key store for encryption; the sign-in is kept in memory only.',
      );
      return 'memory';
    })();
    return mode;
  };

  const store: SessionStore = {
    persistence,
    async load() {
      if ((await persistence()) === 'memory') return memory;
      let bytes: Buffer;
      try {
        bytes = await readFile(file);
      } catch {
        return null;
      }
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(bytes);
        const session = storedSessionSchema.parse(JSON.parse(result));
        // The key store rotated its key: write the session again under the new one.
        if (shouldReEncrypt) await store.save(session);
        return session;
      } catch {
        // Another user's or machine's file, or a damaged one: it cannot be used, so drop it.
        await store.clear();
        return null;
      }
    },
    async save(session) {
      const valid = storedSessionSchema.parse(session);
      if ((await persistence()) === 'memory') {
        memory = valid;
        return;
      }
      const encrypted = await safeStorage.encryptStringAsync(JSON.stringify(valid));
      await write(() => writeFileAtomic(file, encrypted));
    },
    async clear() {
      memory = null;
      await write(() => rm(file, { force: true }));
    },
  };
  return store;
}
