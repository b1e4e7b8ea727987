import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { uploadMessages } from '@studio/shared/messages/uploads';
import busboy from 'busboy';
import { ApiError } from '../../lib/api-error.ts';
import { cleanFileName, nameForType, withoutUnsafeCharacters } from '../../lib/file-names.ts';
import type { Storage } from '../storage/storage.ts';
import { type Sniffed, SniffStream } from './sniff.ts';

export interface StoredFile {
  key: string;
  /**
   * The visitor's name for the file, reduced to a base name without control or direction
   * characters, with the extension of the type its content is (file-names.ts): data only, never
   * a path.
   */
  originalName: string;
  contentType: string;
  sizeBytes: number;
}

export interface ReceiveOptions {
  body: ReadableStream<Uint8Array> | Readable;
  contentType: string;
  storage: Storage;
  /** Folder of the stored keys, e.g. `submissions`. */
  keyPrefix: string;
  /** The form field that carries files; parts under other names are refused. */
  fileField: string;
  maxFiles: number;
  /** Largest text field, in bytes (default 64 KB). */
  maxFieldBytes?: number;
  /** A file must be smaller than this. */
  maxFileBytes: number;
  accept: (sniffed: Sniffed) => boolean;
  /** Checks the text fields; throws an ApiError to refuse. Runs before the first file is stored. */
  checkFields: (fields: Record<string, string>) => void;
  errors: {
    tooManyFiles: () => ApiError;
    tooLarge: (count: number) => ApiError;
    badType: (name: string) => ApiError;
  };
}

/** Per stream, so a request holds a few MB at most whatever the size of its files. */
const BUFFER_BYTES = 1024 * 1024;

/** Text fields a form may send; the 51st is refused. */
const MAX_FIELDS = 50;
const DEFAULT_FIELD_BYTES = 64 * 1024;
/**
 * The framing of one part at most: busboy refuses part headers over 16 KB, plus the boundary
 * line (at most 70 characters by RFC 2046) and the line breaks around it.
 */
const PART_FRAMING_BYTES = 16 * 1024 + 1024;
/** A preamble and an epilogue, which busboy skips (browsers send neither). */
const SLACK_BYTES = 64 * 1024;

/**
 * The largest body a form with these limits can accept: every file one byte under its limit,
 * every field full, every part with the largest headers. A body declared larger is refused
 * before a byte of it is read, and a streamed one (no Content-Length) once it grows past it.
 */
export function maxRequestBytes(
  options: Pick<ReceiveOptions, 'maxFiles' | 'maxFileBytes' | 'maxFieldBytes'>,
): number {
  const parts = options.maxFiles + MAX_FIELDS;
  return (
    options.maxFiles * options.maxFileBytes +
    MAX_FIELDS * (options.maxFieldBytes ?? DEFAULT_FIELD_BYTES) +
    parts * PART_FRAMING_BYTES +
    SLACK_BYTES
  );
}

/**
 * Control characters no form field holds (tab and line breaks aside): PostgreSQL refuses NUL in
 * text and jsonb, and the others are invisible tricks. Fields that have a schema get its stricter
 * text rule too; this covers those without one (a product image's `alt`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The Content-Length the client declared, when the body is Node's request and it has one. */
function declaredLength(body: ReceiveOptions['body']): number | null {
  if (!(body instanceof IncomingMessage)) return null;
  const header = body.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

function makeParser(options: ReceiveOptions) {
  return busboy({
    headers: { 'content-type': options.contentType },
    defParamCharset: 'utf8',
    // Keep the name as sent, so a name with a path in it can be refused rather than trimmed.
    preservePath: true,
    // Room for the socket to keep arriving while the disk catches up; with Node's 16 KB
    // default every chunk stopped the parser until the previous one was written.
    highWaterMark: BUFFER_BYTES,
    fileHwm: BUFFER_BYTES,
    limits: {
      files: options.maxFiles,
      // busboy flags a file on reaching this size: so files of maxFileBytes or more.
      fileSize: options.maxFileBytes,
      fields: MAX_FIELDS,
      fieldSize: options.maxFieldBytes ?? DEFAULT_FIELD_BYTES,
      parts: options.maxFiles + MAX_FIELDS,
    },
  });
}

/**
 * Streams a multipart body to storage: each file goes straight to disk while its bytes are
 * counted and its head is checked by content, so nothing is ever buffered whole. On any breach
 * (too many files, a file too large, a wrong type, bad fields, a client that goes away) every
 * file of the request is removed before the error is thrown. After a breach the rest of the
 * body is still read, but discarded, so the caller's answer reaches the client and the
 * too-large count covers every file.
 */
export async function receiveMultipart(options: ReceiveOptions) {
  const { storage, errors } = options;
  const maxBytes = maxRequestBytes(options);
  const declared = declaredLength(options.body);
  if (declared !== null && declared > maxBytes) {
    throw new ApiError('PAYLOAD_TOO_LARGE', uploadMessages.requestTooLarge);
  }
  // No prototype: a field named `__proto__` or `constructor` is just a field.
  const fields: Record<string, string> = Object.create(null);
  const stored: StoredFile[] = [];
  const writes: Promise<unknown>[] = [];
  let failure: ApiError | undefined;
  let fieldsChecked = false;
  let tooLarge = 0;
  let failedOnSize = false;
  /** File parts being received right now. */
  const active = new Map<Readable, SniffStream>();

  const fail = (error: ApiError) => {
    failure ??= error;
  };
  const checkFields = () => {
    if (fieldsChecked) return;
    fieldsChecked = true;
    try {
      options.checkFields(fields);
    } catch (error) {
      if (error instanceof ApiError) fail(error);
      else throw error;
    }
  };

  let parser: busboy.Busboy;
  try {
    parser = makeParser(options);
  } catch (error) {
    // busboy throws at once on a multipart type with no boundary, or a type it cannot parse.
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(
      'BAD_REQUEST',
      /boundary/i.test(message) ? uploadMessages.noBoundary : uploadMessages.malformed,
    );
  }

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated)
      fail(new ApiError('PAYLOAD_TOO_LARGE', uploadMessages.fieldTooLong(name)));
    if (controlCharacters.test(value))
      fail(
        new ApiError(
          'BAD_REQUEST',
          uploadMessages.fieldNotText(withoutUnsafeCharacters(name, 100)),
        ),
      );
    if (!(name in fields)) fields[name] = value;
  });

  parser.on('filesLimit', () => fail(errors.tooManyFiles()));
  parser.on('fieldsLimit', () => fail(new ApiError('BAD_REQUEST', uploadMessages.tooManyFields)));
  parser.on('partsLimit', () => fail(new ApiError('BAD_REQUEST', uploadMessages.tooManyParts)));

  parser.on('file', (field, file, info) => {
    // busboy ends a part cut short (the body ends mid-file) by destroying its stream with the
    // error it then reports for the whole form: handled there, and here passed to the file's
    // write so its partial file goes. Unheard, it would be an uncaught exception.
    let sink: SniffStream | undefined;
    file.on('error', (error) => sink?.destroy(error));
    let truncated = false;
    file.on('limit', () => {
      truncated = true;
      tooLarge += 1;
      if (!failure) {
        failure = errors.tooLarge(0);
        failedOnSize = true;
      }
    });
    checkFields();
    // Browsers send base names only: a path in the name is a crafted request.
    if (!failure && /[\\/]|^\.\.?$/.test(info.filename ?? '')) {
      const shown = withoutUnsafeCharacters(info.filename);
      fail(new ApiError('BAD_REQUEST', uploadMessages.fileNameRefused(shown)));
    }
    if (failure || field !== options.fileField) {
      if (field !== options.fileField)
        fail(new ApiError('BAD_REQUEST', uploadMessages.unexpectedFileField(field)));
      file.resume();
      return;
    }
    const name = cleanFileName(info.filename);
    let contentType = 'application/octet-stream';
    let storedName = name;
    // A file cut at the size limit must not be stored as if it were whole.
    const sniffer = new SniffStream(
      (sniffed) => {
        if (!sniffed || !options.accept(sniffed)) throw errors.badType(name);
        contentType = sniffed.mime;
        storedName = nameForType(name, sniffed.ext);
      },
      () => (truncated ? errors.tooLarge(0) : null),
    );
    const key = `${options.keyPrefix}/${randomUUID()}`;
    sink = sniffer;
    active.set(file, sniffer);
    file.on('close', () => active.delete(file));
    file.pipe(sniffer);
    writes.push(
      storage.put(key, sniffer).then(
        ({ bytes }) => {
          stored.push({ key, originalName: storedName, contentType, sizeBytes: bytes });
        },
        (error: unknown) => {
          // Keep reading this part (discarding it) so the parser does not stall.
          file.unpipe(sniffer);
          file.resume();
          if (error instanceof ApiError) fail(error);
          else fail(new ApiError('INTERNAL', uploadMessages.notStored));
        },
      ),
    );
  });

  const input =
    options.body instanceof Readable ? options.body : Readable.fromWeb(options.body as never);
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    const stop = (error: Error) => {
      // The parser does not end a file it is in the middle of: end them, so their writes
      // fail and remove their partial files.
      for (const [file, sink] of active) {
        sink.destroy(error);
        file.destroy();
      }
      parser.destroy();
      reject(error);
    };
    parser.on('error', stop);
    input.on('error', stop);
    // A body sent without a Content-Length (chunked) is counted as it arrives: past what the
    // form can carry, reading stops (Node's server drains a little, then closes the socket).
    let received = 0;
    input.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      input.unpipe(parser);
      input.pause();
      stop(new ApiError('PAYLOAD_TOO_LARGE', uploadMessages.requestTooLarge));
    });
  });
  input.pipe(parser);

  // The size message counts every file that was too large, so it is built last.
  const sizeOrFailure = () => (failedOnSize ? errors.tooLarge(tooLarge) : failure);
  let interrupted: unknown;
  try {
    await finished;
  } catch (error) {
    interrupted = error;
  }
  await Promise.allSettled(writes);
  if (!interrupted) checkFields();
  if (interrupted || failure) {
    await Promise.allSettled(stored.map((f) => storage.delete(f.key)));
    // Past the byte cap: a refusal found before it (a file too large) is the clearer answer.
    if (interrupted instanceof ApiError) throw failure ? sizeOrFailure() : interrupted;
    if (interrupted) {
      // Malformed multipart (broken part headers, a body that ends mid-part), or the client
      // went away mid-upload.
      const message = interrupted instanceof Error ? interrupted.message : String(interrupted);
      throw new ApiError(
        'BAD_REQUEST',
        /unexpected end/i.test(message)
          ? uploadMessages.truncated
          : /aborted|closed|reset/i.test(message)
            ? uploadMessages.interrupted
            : uploadMessages.malformed,
      );
    }
    throw sizeOrFailure();
  }
  return { fields, files: stored };
}
