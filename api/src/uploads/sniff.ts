import { Transform, type TransformCallback } from 'node:stream';

export type MediaKind = 'audio' | 'video' | 'zip' | 'image' | 'pdf';
export interface Sniffed {
  kind: MediaKind;
  mime: string;
}

const ascii = (head: Uint8Array, at: number, text: string) =>
  head.length >= at + text.length && [...text].every((ch, i) => head[at + i] === ch.charCodeAt(0));

const bytes = (head: Uint8Array, at: number, values: number[]) =>
  head.length >= at + values.length && values.every((v, i) => head[at + i] === v);

/** How many leading bytes `sniff` needs to decide. */
export const SNIFF_BYTES = 16;

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the
 * browser's declared type. Null when it is none of the kinds we accept anywhere.
 */
export function sniff(head: Uint8Array): Sniffed | null {
  if (ascii(head, 0, 'RIFF')) {
    if (ascii(head, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav' };
    if (ascii(head, 8, 'AVI ')) return { kind: 'video', mime: 'video/x-msvideo' };
    if (ascii(head, 8, 'WEBP')) return { kind: 'image', mime: 'image/webp' };
    return null;
  }
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) {
    return { kind: 'audio', mime: 'audio/aiff' };
  }
  if (ascii(head, 0, 'fLaC')) return { kind: 'audio', mime: 'audio/flac' };
  if (ascii(head, 0, 'OggS')) return { kind: 'audio', mime: 'audio/ogg' };
  if (ascii(head, 0, 'ID3')) return { kind: 'audio', mime: 'audio/mpeg' };
  if (ascii(head, 0, 'caff')) return { kind: 'audio', mime: 'audio/x-caf' };
  if (ascii(head, 0, '#!AMR')) return { kind: 'audio', mime: 'audio/amr' };
  if (ascii(head, 4, 'ftyp')) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    if (brand.startsWith('M4A') || brand.startsWith('M4B'))
      return { kind: 'audio', mime: 'audio/mp4' };
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
    return { kind: 'video', mime: 'video/mp4' };
  }
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm' };
  if (bytes(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) {
    return { kind: 'video', mime: 'video/x-ms-asf' };
  }
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xba]) || bytes(head, 0, [0x00, 0x00, 0x01, 0xb3])) {
    return { kind: 'video', mime: 'video/mpeg' };
  }
  if (
    ascii(head, 0, 'PK') &&
    (bytes(head, 2, [3, 4]) || bytes(head, 2, [5, 6]) || bytes(head, 2, [7, 8]))
  ) {
    return { kind: 'zip', mime: 'application/zip' };
  }
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png' };
  if (ascii(head, 0, '%PDF-')) return { kind: 'pdf', mime: 'application/pdf' };
  // MPEG audio frame sync (MP3 without an ID3 tag, AAC in ADTS): 11 set bits.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) {
    return (head[1] ?? 0) & 0x06
      ? { kind: 'audio', mime: 'audio/mpeg' }
      : { kind: 'audio', mime: 'audio/aac' };
  }
  return null;
}

/**
 * Passes bytes through unchanged once the first `SNIFF_BYTES` were judged by `decide`, which
 * throws to refuse the file (the stream then errors before anything past the head is passed on).
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

  private judge(): Error | null {
    this.decided = true;
    const head = Buffer.concat(this.head);
    try {
      this.decide(sniff(head));
    } catch (error) {
      return error as Error;
    }
    this.push(head);
    this.head = [];
    return null;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.decided) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    done(this.judge());
  }

  override _flush(done: TransformCallback) {
    const refused = this.decided ? null : this.judge();
    done(refused ?? this.atEnd?.() ?? null);
  }
}
