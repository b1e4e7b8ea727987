import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { messages } from '@studio/shared/messages';
import busboy from 'busboy';
import { ApiError } from '../lib/api-error.ts';
import type { Storage } from '../storage/storage.ts';
import { type Sniffed, SniffStream } from './sniff.ts';

export interface StoredFile {
  key: string;
  /** The visitor's name for the file, reduced to a base name: data only, never a path. */
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

/** Base name of a browser-supplied file name, without control characters, at most 255 chars. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 255);
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
  const fields: Record<string, string> = {};
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

  const parser = busboy({
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
      fields: 50,
      fieldSize: options.maxFieldBytes ?? 64 * 1024,
      parts: options.maxFiles + 50,
    },
  });

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated)
      fail(new ApiError('PAYLOAD_TOO_LARGE', messages.upload.fieldTooLong(name)));
    if (!(name in fields)) fields[name] = value;
  });
  parser.on('filesLimit', () => fail(errors.tooManyFiles()));
  parser.on('fieldsLimit', () => fail(new ApiError('BAD_REQUEST', messages.upload.tooManyFields)));
  parser.on('partsLimit', () => fail(new ApiError('BAD_REQUEST', messages.upload.tooManyParts)));

  parser.on('file', (field, file, info) => {
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
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      const shown = (info.filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
      fail(new ApiError('BAD_REQUEST', messages.upload.fileNameRefused(shown)));
    }
    if (failure || field !== options.fileField) {
      if (field !== options.fileField)
        fail(new ApiError('BAD_REQUEST', messages.upload.unexpectedFileField(field)));
      file.resume();
      return;
    }
    const name = cleanFileName(info.filename);
    let contentType = 'application/octet-stream';
    // A file cut at the size limit must not be stored as if it were whole.
    const sniffer = new SniffStream(
      (sniffed) => {
        if (!sniffed || !options.accept(sniffed)) throw errors.badType(name);
        contentType = sniffed.mime;
      },
      () => (truncated ? errors.tooLarge(0) : null),
    );
    const key = `${options.keyPrefix}/${randomUUID()}`;
    active.set(file, sniffer);
    file.on('close', () => active.delete(file));
    file.pipe(sniffer);
    writes.push(
      storage.put(key, sniffer).then(
        ({ bytes }) => {
          stored.push({ key, originalName: name, contentType, sizeBytes: bytes });
        },
        (error: unknown) => {
          // Keep reading this part (discarding it) so the parser does not stall.
          file.unpipe(sniffer);
          file.resume();
          if (error instanceof ApiError) fail(error);
          else fail(new ApiError('INTERNAL', messages.upload.notStored));
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
  });
  input.pipe(parser);

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
    if (interrupted) {
      // Malformed multipart, or the client went away mid-upload.
      const message = interrupted instanceof Error ? interrupted.message : String(interrupted);
      throw new ApiError(
        'BAD_REQUEST',
        /unexpected end|aborted|closed/i.test(message)
          ? messages.upload.interrupted
          : messages.upload.unreadable,
      );
    }
    // The size message counts every file that was too large, so it is built last.
    throw failedOnSize ? errors.tooLarge(tooLarge) : failure;
  }
  return { fields, files: stored };
}
