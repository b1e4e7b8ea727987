import { limits } from '@studio/shared/limits';
import { describe, expect, it } from 'vitest';
import { fileProblem, fileProgress, timeLeft } from './submit-project';

/** A File that reports `size` without holding that many bytes. */
function fakeFile(name: string, size: number, type = 'audio/wav'): File {
  const file = new File([], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('fileProblem (spec 5 file rules)', () => {
  it('accepts up to 20 audio, video or .zip files under 400MB', () => {
    const files = [
      fakeFile('a.wav', 1024),
      fakeFile('b.mp4', limits.maxFileBytes - 1, 'video/mp4'),
      fakeFile('stems.zip', 10, 'application/zip'),
      ...Array.from({ length: 17 }, (_, i) => fakeFile(`t${i}.flac`, 5, 'audio/flac')),
    ];
    expect(files).toHaveLength(20);
    expect(fileProblem(files)).toBeNull();
  });

  it('refuses a 21st file', () => {
    const files = Array.from({ length: 21 }, (_, i) => fakeFile(`t${i}.wav`, 5));
    expect(fileProblem(files)).toBe('Maximum 20 files allowed');
  });

  it('counts the files of 400MB or more', () => {
    const files = [
      fakeFile('ok.wav', 10),
      fakeFile('big.wav', limits.maxFileBytes),
      fakeFile('huge.mov', limits.maxFileBytes * 2, 'video/quicktime'),
    ];
    expect(fileProblem(files)).toBe('Files must be under 400MB. 2 file(s) too large.');
  });

  it('refuses other types, leaving unknown ones to the server', () => {
    expect(fileProblem([fakeFile('notes.pdf', 10, 'application/pdf')])).toMatch(/"notes.pdf"/);
    expect(fileProblem([fakeFile('take.aiff', 10, '')])).toBeNull();
  });
});

describe('upload progress', () => {
  it('fills the files in order after the fields', () => {
    const files = [fakeFile('a.wav', 100), fakeFile('b.wav', 300)];
    // 50 bytes of fields and headers, then 100 + 300 bytes of files.
    expect(fileProgress(files, { loaded: 50, total: 450 })).toEqual([0, 0]);
    expect(fileProgress(files, { loaded: 100, total: 450 })).toEqual([50, 0]);
    expect(fileProgress(files, { loaded: 300, total: 450 })).toEqual([100, 50]);
    expect(fileProgress(files, { loaded: 450, total: 450 })).toEqual([100, 100]);
  });

  it('estimates the time left from the rate so far', () => {
    expect(timeLeft({ loaded: 0, total: 100 }, 5000)).toBeNull();
    expect(timeLeft({ loaded: 50, total: 100 }, 10_000)).toBe('About 10 s left');
    expect(timeLeft({ loaded: 10, total: 100 }, 10_000)).toBe('About 1 min 30 s left');
    expect(timeLeft({ loaded: 100, total: 100 }, 10_000)).toBe('Finishing...');
  });
});
