import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';
import { cleanFileName, nameForType } from './file-names.ts';

describe('cleanFileName', () => {
  it.each([
    ['verse.wav', 'verse.wav'],
    // U+202E (right-to-left override) makes `…vaw.exe` show as `…exe.wav`.
    ['mix\u202evaw.exe', 'mixvaw.exe'],
    ['a\u202ab\u202bc\u202cd\u202de\u202ef', 'abcdef'],
    ['a\u2066b\u2067c\u2068d\u2069e', 'abcde'],
    ['a\u200eb\u200fc\u061cd', 'abcd'],
    ['a\u0000b\u0007c\u001fd\u007fe\u0085f\u009fg', 'abcdefg'],
    ['line\u2028para\u2029.wav', 'linepara.wav'],
    ['C:\\Users\\nina\\take.wav', 'take.wav'],
    // Decomposed é (e + U+0301) is stored composed.
    ['cafe\u0301.wav', 'caf\u00e9.wav'],
    ['  \u202e  ', 'file'],
    ['', 'file'],
  ])('%j becomes %j', (name, clean) => {
    expect(cleanFileName(name)).toBe(clean);
  });

  it('keeps at most 255 characters, never splitting a character in two', () => {
    expect(cleanFileName('😀'.repeat(300))).toBe('😀'.repeat(255));
  });
});

describe('nameForType', () => {
  it.each([
    ['poly.html', 'wav', 'poly.wav'],
    ['take', 'wav', 'take.wav'],
    ['Take 3.WAV', 'wav', 'Take 3.WAV'],
    ['cover.jpeg', 'jpg', 'cover.jpeg'],
    ['song.aiff', 'aif', 'song.aiff'],
    ['mix.wav.exe', 'wav', 'mix.wav.wav'],
    ['clip.webm', 'mkv', 'clip.mkv'],
    ['photo.mp4', 'heic', 'photo.heic'],
    ['.wav', 'wav', 'file.wav'],
    ['..', 'zip', 'file.zip'],
    ['name.', 'mp3', 'name.mp3'],
    ['version 1.2 final', 'wav', 'version 1.2 final.wav'],
  ])('%j of type %s is stored as %j', (name, ext, stored) => {
    expect(nameForType(name, ext)).toBe(stored);
  });

  it('stays within 255 characters with the new extension', () => {
    const stored = nameForType(`${'a'.repeat(252)}.htm`, 'flac');
    expect(stored).toHaveLength(255);
    expect(stored.endsWith('a.flac')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name, RFC 5987-encoded', () => {
    expect(contentDisposition('Café Take 1.wav')).toBe(
      `attachment; filename="Caf_ Take 1.wav"; filename*=UTF-8''Caf%C3%A9%20Take%201.wav`,
    );
  });

  it('escapes what would end the quoted name or the charset part: " % \' ( ) *', () => {
    expect(contentDisposition(`a"b%d'e(f)g*h.wav`)).toBe(
      `attachment; filename="a_b_d'e(f)g*h.wav"; filename*=UTF-8''a%22b%25d%27e%28f%29g%2Ah.wav`,
    );
    // A backslash never reaches it: it separates folders, and only the base name is kept.
    expect(contentDisposition('x\\evil".wav')).toBe(
      `attachment; filename="evil_.wav"; filename*=UTF-8''evil%22.wav`,
    );
  });

  it('cleans a stored name that still holds direction or control characters', () => {
    expect(contentDisposition('mix\u202evaw.exe\r\nX-Evil: 1')).toBe(
      `attachment; filename="mixvaw.exeX-Evil: 1"; filename*=UTF-8''mixvaw.exeX-Evil%3A%201`,
    );
  });
});
