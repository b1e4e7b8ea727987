import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

export type MediaKind = 'audio' | 'video' | 'zip' | 'image' | 'pdf' | 'other';
export interface Sniffed {
  kind: MediaKind;
  /** As file-type names it, e.g. `audio/wav`, `video/matroska`, `image/heic`. */
  mime: string;
  /** The extension of that type, without the dot, e.g. `wav`, `mkv`, `heic`. */
  ext: string;
}

/**
 * How many leading bytes are judged: file-type's own "reasonable detection size", enough for
 * every container it reads (an MP4's `ftyp`, a Matroska EBML header, a ZIP's first entry).
 */
export const SNIFF_BYTES = 4100;

function kindOf(mime: string): MediaKind {
  const type = mime.toLowerCase();
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/zip') return 'zip';
  if (type === 'application/pdf') return 'pdf';
  return 'other';
}

/**
 * The type of a file from its first bytes (file-type reads magic numbers and container headers),
 * never from its name or the browser's declared type. Null when file-type knows none (text, HTML,
 * an empty file). Which types a form accepts is the caller's allow-list (project-file-types.ts).
 */
export async function sniff(head: Uint8Array): Promise<Sniffed | null> {
  let found: Awaited<ReturnType<typeof fileTypeFromBuffer>>;
  try {
    found = await fileTypeFromBuffer(head.subarray(0, SNIFF_BYTES));
  } catch {
    // A header file-type cannot parse is no type we accept.
    return null;
  }
  if (!found) return null;
  return { kind: kindOf(found.mime), mime: found.mime, ext: found.ext };
}

/**
 * Passes bytes through unchanged once the first `SNIFF_BYTES` were judged by `decide`, which
 * throws to refuse the file (the stream then errors before anything past the head is passed on).
 * Holds at most that head in memory: the file itself streams past.
 */
export class SniffStream extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private decided = false;

  /**
   * `decide` judges the head; `atEnd`, when given, may refuse the whole file once it has
   * passed (for example because it was cut at a size limit).
   */
  constructor(
    private readonly decide: (sniffed: Sniffed | null) => void,
    private readonly atEnd?: () => Error | null,
  ) {
    super();
  }

  private async judge(): Promise<Error | null> {
    this.decided = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    try {
      this.decide(await sniff(head));
    } catch (error) {
      return error as Error;
    }
    this.push(head);
    return null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.judge().then(done, done);
  }

  override _flush(done: TransformCallback) {
    const judged = this.decided ? Promise.resolve(null) : this.judge();
    judged.then((refused) => done(refused ?? this.atEnd?.() ?? null), done);
  }
}
