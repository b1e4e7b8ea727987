/** Bytes `start` to `end` of a file, both included (as HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a `Range` header asks of a file of `size` bytes (RFC 9110, section 14). */
export type RangeAsk =
  /** No header, one this server does not serve (several ranges, another unit): the whole file. */
  | { kind: 'whole' }
  | { kind: 'range'; range: ByteRange }
  /** A single byte range wholly past the end: 416. */
  | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range: `a-b`, `a-` or the last `n` bytes (`-n`). Several ranges, or a header this
 * does not read, are answered with the whole file, as the RFC lets a server do.
 */
export function parseRange(header: string | undefined, size: number): RangeAsk {
  if (!header) return { kind: 'whole' };
  const match = header.trim().match(/^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'range', range: { start, end } };
}
