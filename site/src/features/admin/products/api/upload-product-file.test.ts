import { downloadLimits } from '@studio/shared/downloads';
import { afterEach, describe, expect, it } from 'vitest';
import {
  discardPending,
  fileFingerprint,
  fileTooLarge,
  isPendingFile,
  pendingUpload,
} from './upload-product-file';

/** A File that reports `size` without holding that many bytes. */
function fakeFile(name: string, size: number, lastModified = 1_700_000_000_000): File {
  const file = new File([], name, { type: 'application/zip', lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const PRODUCT = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

afterEach(() => {
  localStorage.clear();
});

describe('a file over the limit', () => {
  it("is refused before a byte is sent, in the API's words", () => {
    const max = downloadLimits.maxFileBytes;
    expect(fileTooLarge(fakeFile('ok.zip', max - 1), max)).toBeNull();
    // The API refuses a size at the limit too (>=), and says the limit as people read it.
    expect(fileTooLarge(fakeFile('big.zip', max), max)).toBe('Each file must be under 8.6 GB.');
  });
});

describe('the unfinished upload this browser keeps', () => {
  it('is found again for the same file only', () => {
    const file = fakeFile('library.zip', 1_000_000_000);
    localStorage.setItem(
      `studio.productFileUpload:${PRODUCT}`,
      JSON.stringify({
        draftToken: 'draft',
        fingerprint: fileFingerprint(PRODUCT, file),
        name: 'library.zip',
        size: file.size,
      }),
    );
    const pending = pendingUpload(PRODUCT);
    expect(pending?.name).toBe('library.zip');
    if (!pending) return;
    expect(isPendingFile(PRODUCT, pending, fakeFile('library.zip', 1_000_000_000))).toBe(true);
    // Another date or size is another file; another product's upload is not this one's.
    expect(isPendingFile(PRODUCT, pending, fakeFile('library.zip', 1_000_000_000, 1))).toBe(false);
    expect(isPendingFile(PRODUCT, pending, fakeFile('library.zip', 999))).toBe(false);
    expect(pendingUpload('another-product')).toBeNull();
  });

  // tus's own record of the URL (localStorage) is the browser build's: the e2e test sees it go.
  it('is forgotten when discarded', async () => {
    const file = fakeFile('library.zip', 1_000_000_000);
    localStorage.setItem(
      `studio.productFileUpload:${PRODUCT}`,
      JSON.stringify({
        draftToken: 'draft',
        fingerprint: fileFingerprint(PRODUCT, file),
        name: 'library.zip',
        size: file.size,
      }),
    );
    localStorage.setItem('studio.productFileUpload:another-product', '{}');
    await discardPending(PRODUCT);
    expect(pendingUpload(PRODUCT)).toBeNull();
    expect(localStorage.getItem('studio.productFileUpload:another-product')).toBe('{}');
  });
});
