/**
 * Characters removed from every uploaded file's name: C0 and C1 controls and DEL, the Unicode
 * direction controls that make `song‮vaw.exe` read as `songexe.wav` (U+202A–202E embeddings
 * and overrides, U+2066–2069 isolates, U+200E/U+200F marks, U+061C the Arabic letter mark),
 * and the line and paragraph separators U+2028/2029.
 */
const unsafe =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const MAX_NAME = 255;

/**
 * `text` in NFC without the characters above, at most `max` characters (a name shown in a
 * message, as sent).
 */
export function withoutUnsafeCharacters(text: string | undefined, max = MAX_NAME): string {
  return [...(text ?? '').normalize('NFC').replace(unsafe, '')].slice(0, max).join('');
}

/**
 * A browser-supplied file name made safe to show and to offer as a download name: its base name
 * (after the last `/` or `\`), in NFC, without the characters above, trimmed, at most 255
 * characters; `file` when nothing is left. The same for `filename=` and RFC 5987 `filename*=`:
 * busboy hands either to us decoded as one string.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = withoutUnsafeCharacters(base).trim();
  return [...(clean || 'file')].slice(0, MAX_NAME).join('');
}

/** Other spellings of an extension file-type names (it says `jpg`, `aif`, `mpg`, `mid`, `tif`). */
const aliases: Record<string, string[]> = {
  jpg: ['jpeg', 'jpe'],
  aif: ['aiff', 'aifc'],
  mpg: ['mpeg'],
  mid: ['midi'],
  tif: ['tiff'],
  m4a: ['m4b'],
};

/**
 * The uploader's name with the extension of the type found in the content: `poly.html` that is
 * a WAV becomes `poly.wav`, `take` becomes `take.wav`, and `Take 3.WAV` stays as it is (an
 * extension of that type, in any case, is kept). Only the last extension is replaced, so
 * `mix.wav.exe` that is a WAV becomes `mix.wav.wav`: what the file is, at the end. Leading dots
 * go too (`.wav` becomes `file.wav`, never a hidden file).
 */
export function nameForType(cleanName: string, ext: string): string {
  const match = /^(.*?)\.([A-Za-z0-9]{1,12})$/.exec(cleanName);
  const stem = (match ? (match[1] ?? '') : cleanName).replace(/^[.\s]+|[.\s]+$/g, '') || 'file';
  const current = match?.[2];
  const kept =
    current && (current.toLowerCase() === ext || aliases[ext]?.includes(current.toLowerCase()));
  const suffix = kept ? current : ext;
  return `${[...stem].slice(0, MAX_NAME - suffix.length - 1).join('')}.${suffix}`;
}
