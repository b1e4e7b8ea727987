import { describe, expect, it, vi } from 'vitest';
import { retryableImport } from './lazy-retry';

describe('retryableImport', () => {
  it('shares one download between callers and keeps what it loaded', async () => {
    const importer = vi.fn(async () => 'module');
    const loader = retryableImport(importer);
    expect(loader.current()).toBeUndefined();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect([a, b]).toEqual(['module', 'module']);
    expect(await loader.load()).toBe('module');
    expect(loader.current()).toBe('module');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next call fetches again', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const loader = retryableImport(importer);
    await expect(loader.load()).rejects.toThrow('Failed to fetch');
    expect(loader.current()).toBeUndefined();
    expect(await loader.load()).toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('preload swallows the failure and leaves the next load free to retry', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce('module');
    const loader = retryableImport(importer);
    loader.preload();
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await loader.load()).toBe('module');
  });
});
