import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store.ts';
import { resetFakeElectron, safeStorage } from './test/fake-electron.ts';

const session = {
  apiBase: 'https://studio.example',
  token: 'k2x7q4m9z3w8r5t6y1u0p2l4n6b8v3c5',
  adminName: 'Ada',
};

let file: string;
const log = vi.fn();

beforeEach(() => {
  resetFakeElectron();
  log.mockReset();
  file = path.join(mkdtempSync(path.join(tmpdir(), 'console-session-')), 'session.bin');
});

function store(platform: NodeJS.Platform = 'linux') {
  return createSessionStore({ file, safeStorage, platform, log });
}

describe('with a system key store', () => {
  it('writes only encrypted bytes, owner-only, and reads the session back', async () => {
    await store().save(session);

    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from(session.token))).toBe(false);
    expect(bytes.toString('latin1')).not.toContain('Ada');
    expect(bytes.toString('latin1')).not.toContain('studio.example');
    expect(bytes.subarray(0, 3).toString()).toBe('v11');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledOnce();

    // A new start (a new store) decrypts it.
    expect(await store().load()).toEqual(session);
    expect(await store().persistence()).toBe('encrypted');
  });

  it('forgets the session on clear', async () => {
    const s = store();
    await s.save(session);
    await s.clear();
    expect(existsSync(file)).toBe(false);
    expect(await s.load()).toBeNull();
  });

  it('drops a file it cannot decrypt (another account, another machine, damage)', async () => {
    writeFileSync(file, Buffer.from('garbage that is not ours'));
    expect(await store().load()).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('writes again under a rotated key when the key store asks', async () => {
    await store().save(session);
    safeStorage.decryptStringAsync.mockImplementationOnce(async () => ({
      result: JSON.stringify(session),
      shouldReEncrypt: true,
    }));
    expect(await store().load()).toEqual(session);
    expect(safeStorage.encryptStringAsync).toHaveBeenCalledTimes(2);
  });

  it('refuses to store something that is not a session', async () => {
    await expect(store().save({ ...session, token: '' })).rejects.toThrow();
    expect(existsSync(file)).toBe(false);
  });
});

describe.each([
  {
    name: 'encryption is unavailable',
    available: false,
    backend: 'gnome_libsecret',
    platform: 'linux',
  },
  {
    name: "Linux offers only 'basic_text'",
    available: true,
    backend: 'basic_text',
    platform: 'linux',
  },
] as const)('when $name', ({ available, backend, platform }) => {
  beforeEach(() => {
    safeStorage.available = available;
    safeStorage.backend = backend;
  });

  it('keeps the session in memory only, writes no file, and says so', async () => {
    const s = store(platform);
    await s.save(session);

    expect(await s.persistence()).toBe('memory');
    expect(await s.load()).toEqual(session);
    expect(existsSync(file)).toBe(false);
    expect(safeStorage.encryptStringAsync).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/memory only/));
    // The next start has nothing.
    expect(await store(platform).load()).toBeNull();
  });
});

it("takes 'basic_text' for a real key store on other systems (the backend is Linux's)", async () => {
  safeStorage.backend = 'basic_text';
  expect(await store('darwin').persistence()).toBe('encrypted');
});
