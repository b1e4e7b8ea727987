import { limits } from '@studio/shared/limits';

export interface ListEntry {
  email: string;
  /** 1-based line of the file where the entry's row starts. */
  line: number;
}
export interface DuplicateEntry extends ListEntry {
  /** Where the same address (in any letter case) first appeared. */
  firstLine: number;
}
export interface InvalidEntry {
  line: number;
  text: string;
  reason: string;
}
export interface ListPreview {
  valid: ListEntry[];
  duplicates: DuplicateEntry[];
  invalid: InvalidEntry[];
  /** The first row, when it holds no address (a CSV header such as "Name,Email"). */
  headerLine: number | null;
}

export const listReasons = {
  notAnAddress: 'Not a valid e-mail address',
  noAddress: 'No e-mail address on this line',
} as const;

interface Row {
  line: number;
  cells: string[];
  raw: string;
}

// Excel writes ';' where ',' is the decimal mark, and tab-separated text is common too.
const DELIMITERS = new Set([',', ';', '\t']);

/**
 * Reads one row from `start`: RFC 4180 quoting ("Smith, Ada", doubled "" inside quotes), with a
 * quoted field allowed to span lines when `multiline`. Returns where the next row begins, or
 * `null` when the input ended inside quotes.
 */
function readRow(src: string, start: number, multiline: boolean) {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let breaks = 0;
  let i = start;
  while (i < src.length) {
    const ch = src[i] as string;
    const isBreak = ch === '\r' || ch === '\n';
    const breakLength = ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else if (isBreak && !multiline) {
        // A stray quote: it stays literal and the row ends with its line.
        break;
      } else {
        if (isBreak) breaks += 1;
        cell += isBreak ? '\n' : ch;
        i += isBreak ? breakLength : 1;
      }
      continue;
    }
    if (isBreak) break;
    if (DELIMITERS.has(ch)) {
      cells.push(cell);
      cell = '';
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted && multiline && i >= src.length) return null;
  cells.push(cell);
  const end = i;
  if (i < src.length) i += src[i] === '\r' && src[i + 1] === '\n' ? 2 : 1;
  return { cells, raw: src.slice(start, end), next: i, breaks: breaks + 1 };
}

/** Splits the text of a CSV or TXT file into rows, each with the line it starts on. */
export function readRows(text: string): Row[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: Row[] = [];
  let i = 0;
  let line = 1;
  while (i < src.length) {
    // A quote never closed would swallow the rest of the file: read that row line by line.
    const row = readRow(src, i, true) ?? readRow(src, i, false);
    if (!row) break;
    rows.push({ line, cells: row.cells, raw: row.raw });
    line += row.breaks;
    i = row.next;
  }
  return rows;
}

/** A cell as an address: outer quotes and spaces removed, `Ada <ada@x.org>` read as the address. */
function cleanCell(cell: string): string {
  const bare = cell.trim().replace(/^["'\s]+|["'\s]+$/g, '');
  const angled = bare.match(/<([^<>\s]+)>/);
  return (angled?.[1] ?? bare).trim().toLowerCase();
}

const isAddress = (v: string) => v.length <= 254 && limits.emailPattern.test(v);

/**
 * The preview of a subscriber list before it is sent: what will be imported, what is repeated
 * (addresses compared without letter case) and what cannot be, each with its line. A row of one
 * cell is one entry; on a row of several (name, e-mail, ...) the cells holding an `@` are. The
 * API reads a list by the same rules (`extractListAddresses` in @studio/shared), so what is
 * shown valid here is what it accepts.
 */
export function parseSubscriberList(text: string): ListPreview {
  const preview: ListPreview = { valid: [], duplicates: [], invalid: [], headerLine: null };
  const firstSeen = new Map<string, number>();
  let first = true;
  for (const { line, cells: rawCells, raw } of readRows(text)) {
    const cells = rawCells.map(cleanCell).filter((c) => c !== '');
    if (cells.length === 0) continue;
    const withAt = cells.filter((c) => c.includes('@'));
    if (first) {
      first = false;
      if (withAt.length === 0) {
        preview.headerLine = line;
        continue;
      }
    }
    const entries = cells.length === 1 ? cells : withAt;
    if (entries.length === 0) {
      preview.invalid.push({ line, text: raw.trim().slice(0, 100), reason: listReasons.noAddress });
    }
    for (const email of entries) {
      const seen = firstSeen.get(email);
      if (!isAddress(email)) {
        preview.invalid.push({ line, text: email.slice(0, 100), reason: listReasons.notAnAddress });
      } else if (seen !== undefined) {
        preview.duplicates.push({ email, line, firstLine: seen });
      } else {
        firstSeen.set(email, line);
        preview.valid.push({ email, line });
      }
    }
  }
  return preview;
}
