import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'range', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=600-', 1000)).toEqual({
      kind: 'range',
      range: { start: 600, end: 999 },
    });
    expect(parseRange('bytes=-100', 1000)).toEqual({
      kind: 'range',
      range: { start: 900, end: 999 },
    });
  });

  it('clips an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=10-5000', 1000)).toEqual({
      kind: 'range',
      range: { start: 10, end: 999 },
    });
    expect(parseRange('bytes=-5000', 1000)).toEqual({
      kind: 'range',
      range: { start: 0, end: 999 },
    });
  });

  it('answers 416 for a start past the end, the whole file for what it does not serve', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-3', 1000)).toEqual({ kind: 'whole' });
  });
});
