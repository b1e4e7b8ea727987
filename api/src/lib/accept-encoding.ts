export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding of those available that `Accept-Encoding` allows: brotli, then gzip, then
 * none. A coding with `q=0` is refused (RFC 9110 12.5.3); other weights are not ranked, since
 * brotli is smaller than gzip for every text we send.
 */
export function pickEncoding(
  header: string | undefined,
  available: { br: boolean; gzip: boolean },
): Encoding {
  if (!header) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') {
      br = true;
      gzip = true;
    }
  }
  if (br && available.br) return 'br';
  if (gzip && available.gzip) return 'gzip';
  return 'identity';
}
