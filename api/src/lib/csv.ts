import { stringify } from 'csv-stringify';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { contentDisposition } from './content-disposition.ts';

/**
 * Where an export writes its records (csvStream): `record` takes one, `room` is awaited between
 * batches and resolves once the client has taken enough of what was written (backpressure),
 * `false` if the client went away (stop reading then).
 */
export interface CsvOut {
  record(cells: readonly string[]): void;
  room(): Promise<boolean>;
}

/**
 * A CSV export as the services make it (decision 034): its file name, its header, and `write`,
 * which reads the rows from the database a batch at a time and writes each as it arrives.
 * Every cell is text the export formatted: `csvText` for what people typed, `csvAmount`,
 * `isoUtc` and `String(n)` for figures we write ourselves.
 */
export interface CsvFile {
  name: string;
  header: readonly string[];
  write(out: CsvOut): Promise<void>;
}

/**
 * What makes a spreadsheet read a cell as a formula (OWASP "CSV Injection"): `=`, `+`, `-`,
 * `@`, tab and carriage return first, and their full-width forms, which Apple Numbers folds
 * into the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Text from people (names, e-mail addresses, product names, tracking numbers): a leading `'`
 * when it would start a formula, so Excel, LibreOffice and Numbers show it as text. Never used
 * for our own figures, so a negative amount stays a number.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Integer cents as a plain decimal ("1234.50", "-12.00"): no symbol, no grouping, exact. */
export function csvAmount(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Not an integer number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A timestamp column as ISO 8601 in UTC, formatted by PostgreSQL ("2026-01-31T09:05:00.000Z"). */
export function isoUtc(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs `query` and hands each row to `onRow` as PostgreSQL sends it, keeping none: answers how
 * many there were. Not drizzle's `await db.select()`: rows collected into an array that lives
 * while a batch is written out are promoted to V8's old generation by the dozens of MB, which
 * then sit there as garbage until a full collection (the export's RSS rose by 100 MB and more
 * for 200,000 orders); a row used and dropped at once dies young (decision 034). Columns are
 * named by the query's `as "name"`.
 */
export async function forEachRow<Row extends object>(
  db: Db,
  query: SQL,
  onRow: (row: Row) => void,
): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let count = 0;
  await db.$client.unsafe(text, params as never[]).forEach((row) => {
    count += 1;
    onRow(row as unknown as Row);
  });
  return count;
}

/**
 * The file as a byte stream that reads rows only as fast as the client takes the bytes: the
 * export writes a batch into csv-stringify, then waits for room (its small buffers drained by
 * `pull`) before it reads the next. Cancelling (the client went away) tells the export to stop
 * before its next batch. A failure while reading rows errors the stream, so the response is cut
 * rather than ended: the client sees a failed download, never a file that looks complete.
 *
 * A UTF-8 BOM comes first: Excel reads a CSV without one in the system's code page (Windows-1252
 * in most of Europe and the Americas), turning "Zoë" into "ZoÃ«". Every cell is quoted (OWASP:
 * a `;` or `,` inside a cell then never splits it into a new cell that could start a formula,
 * whatever separator the spreadsheet's locale uses), and records end with CRLF (RFC 4180).
 */
export function csvStream(
  file: CsvFile,
  onError: (error: unknown) => void = () => {},
): ReadableStream<Uint8Array> {
  const csv = stringify({ bom: true, quoted: true, record_delimiter: 'windows' });
  let gone = false;
  const out: CsvOut = {
    record(cells) {
      if (!gone && !csv.destroyed) csv.write(cells);
    },
    async room() {
      if (!gone && !csv.destroyed && csv.writableNeedDrain) {
        await new Promise<void>((resolve) => {
          const done = () => {
            csv.off('drain', done);
            csv.off('close', done);
            resolve();
          };
          csv.on('drain', done);
          csv.on('close', done);
        });
      }
      return !gone && !csv.destroyed;
    },
  };
  out.record(file.header);
  file.write(out).then(
    () => {
      if (!csv.destroyed) csv.end();
    },
    (error: unknown) => {
      onError(error);
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const chunks = csv[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else
        controller.enqueue(
          new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.length),
        );
    },
    async cancel() {
      gone = true;
      await chunks.return?.();
    },
  });
}

/** The answer: the stream, as a download with a dated name, never cached or sniffed. */
export function csvAnswer<E extends AppEnv>(
  c: Context<E>,
  file: CsvFile,
  headers: Record<string, string> = {},
) {
  const stream = csvStream(file, (error) =>
    c.var.log.error({ err: error, requestId: c.var.requestId }, `export ${file.name} failed`),
  );
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': contentDisposition(file.name),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
}

/** `<what>-<UTC date>.csv`, e.g. orders-2026-01-31.csv. */
export function datedCsvName(what: string, now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}
