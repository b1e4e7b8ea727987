import { describe, expect, it } from 'vitest';
import { type CsvFile, type CsvOut, csvAmount, csvStream, csvText } from './csv.ts';

async function text(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(
    await new Response(stream).arrayBuffer(),
  );
}

/** A file whose `write` writes `rows` as one batch. */
const of = (header: string[], rows: string[][]): CsvFile => ({
  name: 'x.csv',
  header,
  async write(out) {
    for (const row of rows) out.record(row);
  },
});

describe('csvText (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['＝1+1', "'＝1+1"],
    ['＠SUM(1)', "'＠SUM(1)"],
  ])('makes %j text: %j', (value, safe) => {
    expect(csvText(value)).toBe(safe);
  });

  it.each(['Zoë Ångström', 'a=b', 'mail+tag@example.com', "O'Brien", ''])(
    'leaves %j alone',
    (value) => {
      expect(csvText(value)).toBe(value);
    },
  );

  it('writes nothing for no value', () => {
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });
});

describe('csvAmount', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [123456789, '1234567.89'],
    [-1250, '-12.50'],
    [-5, '-0.05'],
  ])('%i cents read %j', (cents, text) => {
    expect(csvAmount(cents)).toBe(text);
  });

  it('refuses a fraction of a cent, and writes nothing for no amount', () => {
    expect(() => csvAmount(1.5)).toThrow(RangeError);
    expect(csvAmount(null)).toBe('');
  });
});

describe('csvStream', () => {
  it('writes a BOM, the header, quoted cells and CRLF records; a negative amount stays a number', async () => {
    const file = of(
      ['Name', 'Amount', 'Note'],
      [
        [csvText('Zoë, "the" Ångström'), csvAmount(-1250), csvText('-1250')],
        [csvText('line\nbreak'), csvAmount(0), ''],
      ],
    );
    const bytes = new Uint8Array(await new Response(csvStream(file)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      '"Name","Amount","Note"\r\n' +
        '"Zoë, ""the"" Ångström","-12.50","\'-1250"\r\n' +
        '"line\nbreak","0.00",\r\n',
    );
  });

  it('errors (never ends cleanly) when reading the rows fails midway', async () => {
    const errors: unknown[] = [];
    const failing: CsvFile = {
      name: 'x.csv',
      header: ['A'],
      async write(out) {
        out.record(['one']);
        await out.room();
        throw new Error('database gone');
      },
    };
    const stream = csvStream(failing, (e) => errors.push(e));
    await expect(text(stream)).rejects.toThrow('database gone');
    expect(errors).toHaveLength(1);
  });

  it('reads the next batch only once the client took the last, and stops when cancelled', async () => {
    let batches = 0;
    let stopped = false;
    const endless: CsvFile = {
      name: 'x.csv',
      header: ['A'],
      async write(out: CsvOut) {
        for (;;) {
          batches += 1;
          for (let i = 0; i < 100; i++) out.record([`row ${batches}.${i}`.padEnd(200, '.')]);
          if (!(await out.room())) break;
        }
        stopped = true;
      },
    };
    const reader = csvStream(endless).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A few batches (20 KB each) fill the buffers (csv-stringify's, one chunk queued ahead in
    // the web stream); then nothing more is read while the client reads nothing.
    const stalled = batches;
    expect(stalled).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toBe(stalled);
    let taken = 0;
    while (taken < 2_000_000) taken += (await reader.read()).value?.length ?? 0;
    expect(batches).toBeGreaterThan(stalled + 50);
    const before = batches;
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(true);
    expect(batches - before).toBeLessThanOrEqual(1);
  });
});
