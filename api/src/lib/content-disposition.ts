import { cleanFileName } from './file-names.ts';

/**
 * RFC 5987 `value-chars`: attr-char as is, every other byte of the UTF-8 percent-encoded.
 * encodeURIComponent leaves `'`, `(`, `)`, `*` and `!` alone; `'` would end the charset part
 * and `(`, `)`, `*` are not attr-chars, so those are encoded too (`!` is one).
 */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the name twice (RFC 6266): an ASCII `filename="…"` for old clients, every
 * character outside printable ASCII, the quote, the backslash and `%` (which some clients decode)
 * made `_`; and `filename*=UTF-8''…`, which clients that know it prefer. The name is cleaned
 * first (file-names.ts), so a row stored before names were cleaned downloads clean too.
 */
export function contentDisposition(name: string): string {
  const clean = cleanFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
