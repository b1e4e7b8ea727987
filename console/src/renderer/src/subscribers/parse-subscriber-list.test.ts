import { extractListAddresses } from '@studio/shared/schemas/blasts';
import { describe, expect, it } from 'vitest';
import { chunkAddresses } from './import-subscribers.ts';
import { listReasons, parseSubscriberList, readRows } from './parse-subscriber-list.ts';

const emails = (entries: { email: string }[]) => entries.map((e) => e.email);

describe('parseSubscriberList', () => {
  it('reads a TXT list of one address a line, with line numbers', () => {
    const preview = parseSubscriberList('ada@example.com\n\nbob@example.org\n');

    expect(preview).toEqual({
      valid: [
        { email: 'ada@example.com', line: 1 },
        { email: 'bob@example.org', line: 3 },
      ],
      duplicates: [],
      invalid: [],
      headerLine: null,
    });
  });

  it('skips a CSV header and takes the cells holding an @ on each row', () => {
    const preview = parseSubscriberList(
      'Name,Email,Joined\nAda,ada@example.com,2024-01-01\nBob;bob@example.org\nCarl\tcarl@example.net',
    );

    expect(preview.headerLine).toBe(1);
    expect(preview.valid).toEqual([
      { email: 'ada@example.com', line: 2 },
      { email: 'bob@example.org', line: 3 },
      { email: 'carl@example.net', line: 4 },
    ]);
  });

  it('finds duplicates without regard to letter case, pointing at the first', () => {
    const preview = parseSubscriberList(
      'ada@example.com\nADA@Example.COM\nbob@example.org\n ada@example.com \n',
    );

    expect(emails(preview.valid)).toEqual(['ada@example.com', 'bob@example.org']);
    expect(preview.duplicates).toEqual([
      { email: 'ada@example.com', line: 2, firstLine: 1 },
      { email: 'ada@example.com', line: 4, firstLine: 1 },
    ]);
  });

  it('lists what cannot be imported with its line and why', () => {
    const preview = parseSubscriberList(
      ['email', 'good@example.com', 'broken@', 'Dan,no address here', 'two@@example.com'].join(
        '\n',
      ),
    );

    expect(emails(preview.valid)).toEqual(['good@example.com']);
    expect(preview.invalid).toEqual([
      { line: 3, text: 'broken@', reason: listReasons.notAnAddress },
      { line: 4, text: 'Dan,no address here', reason: listReasons.noAddress },
      { line: 5, text: 'two@@example.com', reason: listReasons.notAnAddress },
    ]);
  });

  it('reads quoted CSV fields: separators and doubled quotes inside, quotes around', () => {
    const preview = parseSubscriberList(
      [
        'Name,Email,Note',
        '"Lovelace, Ada","ada@example.com","said ""hi"", twice"',
        '  "Bob"  ,  "bob@example.org"  ,',
        "'carl@example.net'",
        '"Dan Smith <dan@example.com>"',
      ].join('\n'),
    );

    expect(preview.valid).toEqual([
      { email: 'ada@example.com', line: 2 },
      { email: 'bob@example.org', line: 3 },
      { email: 'carl@example.net', line: 4 },
      { email: 'dan@example.com', line: 5 },
    ]);
    expect(preview.invalid).toEqual([]);
  });

  it('keeps line numbers right after a quoted field that spans lines', () => {
    const preview = parseSubscriberList(
      'Email,Notes\nada@example.com,"first line\nsecond line"\nbroken@,x\nbob@example.org,ok\n',
    );

    expect(preview.valid).toEqual([
      { email: 'ada@example.com', line: 2 },
      { email: 'bob@example.org', line: 5 },
    ]);
    expect(preview.invalid).toEqual([
      { line: 4, text: 'broken@', reason: listReasons.notAnAddress },
    ]);
  });

  it('does not let a stray quote swallow the rest of the file', () => {
    const preview = parseSubscriberList('"ada@example.com\nbob@example.org\ncarl@example.net\n');

    expect(preview.valid).toEqual([
      { email: 'ada@example.com', line: 1 },
      { email: 'bob@example.org', line: 2 },
      { email: 'carl@example.net', line: 3 },
    ]);
  });

  it('ignores a byte order mark, also before a header', () => {
    const withHeader = parseSubscriberList('\uFEFFEmail\nada@example.com\n');
    expect(withHeader.headerLine).toBe(1);
    expect(withHeader.valid).toEqual([{ email: 'ada@example.com', line: 2 }]);

    const bare = parseSubscriberList('\uFEFFada@example.com\n');
    expect(bare.valid).toEqual([{ email: 'ada@example.com', line: 1 }]);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
    ['CR (classic Mac)', '\r'],
  ])('counts %s line endings once each', (_name, eol) => {
    const text = ['Email', 'ada@example.com', '', 'broken@', 'bob@example.org', ''].join(eol);
    const preview = parseSubscriberList(text);

    expect(preview.valid).toEqual([
      { email: 'ada@example.com', line: 2 },
      { email: 'bob@example.org', line: 5 },
    ]);
    expect(preview.invalid).toEqual([
      { line: 4, text: 'broken@', reason: listReasons.notAnAddress },
    ]);
  });

  it('takes every address on a row of several', () => {
    const preview = parseSubscriberList('ada@example.com,bob@example.org;ADA@example.com');
    expect(emails(preview.valid)).toEqual(['ada@example.com', 'bob@example.org']);
    expect(preview.duplicates).toEqual([{ email: 'ada@example.com', line: 1, firstLine: 1 }]);
  });

  it('finds nothing in an empty file or one of blank lines', () => {
    for (const text of ['', '\n\n', '\uFEFF', ' , ,\n']) {
      expect(parseSubscriberList(text)).toEqual({
        valid: [],
        duplicates: [],
        invalid: [],
        headerLine: null,
      });
    }
  });

  it('agrees with the API on which addresses a list holds', () => {
    const text = [
      'Name,Email,Joined',
      '"Ada","new1@example.com",2024-01-01',
      'Bob;NEW2@Example.com',
      'new3@example.com\tCarl',
      'new1@example.com',
      'broken@',
      'Dan,no address here',
      "'new4@example.com'",
    ].join('\r\n');

    expect(emails(parseSubscriberList(text).valid).sort()).toEqual(
      extractListAddresses(text).valid.sort(),
    );
  });
});

describe('readRows', () => {
  it('splits rows and cells, unquoting as RFC 4180 says', () => {
    expect(readRows('a,"b,c"\r\n"d""e",f')).toEqual([
      { line: 1, cells: ['a', 'b,c'], raw: 'a,"b,c"' },
      { line: 2, cells: ['d"e', 'f'], raw: '"d""e",f' },
    ]);
  });
});

describe('chunkAddresses', () => {
  it('sends one address a line, split so that no request passes the size given', () => {
    const list = Array.from({ length: 10 }, (_, i) => `user${i}@example.com`);
    const chunks = chunkAddresses(list, 60);

    expect(chunks.join('\n').split('\n')).toEqual(list);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk).length).toBeLessThan(60);
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('fits a large list in requests under the API limit of 1 MB', () => {
    const list = Array.from({ length: 60_000 }, (_, i) => `subscriber.${i}@example.com`);
    const chunks = chunkAddresses(list);
    expect(chunks.length).toBe(2);
    for (const chunk of chunks) {
      expect(JSON.stringify({ content: chunk }).length).toBeLessThan(1_048_576);
    }
  });
});
