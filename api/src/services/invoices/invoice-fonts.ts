import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../env.ts';

const shipped = path.join(repoRoot, 'api/assets/fonts');

/**
 * Fonts of the PDF invoice (decision 036). PDF's built-in Helvetica draws only Latin-1, and a
 * customer's name may be in any script, so DejaVu Sans ships with the repository
 * (`api/assets/fonts`, its licence beside it): Latin with every accent, Greek, Cyrillic,
 * Armenian, Georgian, Hebrew and more, on every machine the API runs on.
 */
export function invoiceFonts(): { regular: Buffer; bold: Buffer } {
  shippedFonts ??= {
    regular: readFileSync(path.join(shipped, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(shipped, 'DejaVuSans-Bold.ttf')),
  };
  return shippedFonts;
}
let shippedFonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * For characters DejaVu lacks (Chinese, Japanese, Korean, Thai, Devanagari, ...): the first of
 * these the machine has installed, e.g. Debian's `fonts-droid-fallback` (CJK). Without one such
 * characters are drawn as DejaVu's empty box; the buyer's e-mail still names them.
 */
const fallbackCandidates = [
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  '/usr/share/fonts/truetype/droid/DroidSansFallback.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttf',
];

let fallback: Buffer | null | undefined;

/** The fallback font's bytes, read once; null when the machine has none. */
export function invoiceFallbackFont(): Buffer | null {
  if (fallback === undefined) {
    const found = fallbackCandidates.find((file) => existsSync(file));
    fallback = found ? readFileSync(found) : null;
  }
  return fallback;
}
