import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff.ts';

/** A refusal the tus server answers as it is: its status and body. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export interface HeadHooks {
  /** Judges an upload's first bytes; throws a `TusRefusal` to refuse it. */
  judge: (id: string, sniffed: Sniffed | null) => Promise<void>;
  /** The upload was refused on its first bytes and its data removed. */
  refused: (id: string) => Promise<void>;
  /**
   * A write starts at `offset`, under the upload's lock, before any byte is stored. Counts what
   * an earlier write stored but never counted (its process stopped first), and bytes about to be
   * received again (a store that went back); `receivedBytes` in tus-uploads.ts.
   */
  starting: (id: string, offset: number) => Promise<void>;
  /** The store holds the upload through `offset` after a write, whole or cut (counts the rest). */
  wrote: (id: string, offset: number) => Promise<void>;
}

/**
 * Holds a PATCH's bytes until the upload's head (its first `target` bytes) is here, judges it,
 * then lets everything through. A body that ends before the head is complete passes nothing:
 * the upload stays at offset 0 and the next PATCH sends the head again, so every upload's head
 * is judged whole before a byte of it is stored, whatever the store (a 4 KB loss at most).
 */
class HeadGate extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private judged = false;
  refusal: TusRefusal | undefined;

  constructor(
    private readonly target: number,
    private readonly judge: (head: Buffer) => Promise<void>,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (this.judged) return done(null, chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < this.target) return done();
    const all = Buffer.concat(this.held);
    this.held = [];
    this.judge(all.subarray(0, this.target)).then(
      () => {
        this.judged = true;
        done(null, all);
      },
      (error: unknown) => {
        this.refusal = error as TusRefusal;
        done(new Error('refused on its first bytes'));
      },
    );
  }

  override _flush(done: TransformCallback) {
    // Cut before the head was complete: nothing is stored (see above).
    this.held = [];
    done();
  }
}

/**
 * The tus datastore (file or S3) with each upload's first bytes checked by content before
 * anything is stored: the same file-type check and allow-list as the multipart route. A refused
 * upload is removed at once and its PATCH answered with the refusal (decision 030).
 */
export class CheckedUploadStore extends DataStore {
  constructor(
    readonly inner: DataStore & { read?: (id: string) => Readable | Promise<Readable> },
    private readonly hooks: HeadHooks,
  ) {
    super();
    this.extensions = inner.extensions.filter((e) => e !== 'creation-defer-length');
  }

  override getExpiration() {
    return this.inner.getExpiration();
  }
  override create(upload: Upload) {
    return this.inner.create(upload);
  }
  override remove(id: string) {
    return this.inner.remove(id);
  }
  override getUpload(id: string) {
    return this.inner.getUpload(id);
  }
  override declareUploadLength(id: string, length: number) {
    return this.inner.declareUploadLength(id, length);
  }
  override deleteExpired() {
    return this.inner.deleteExpired();
  }
  /** The stored bytes of an upload, for the submission to copy them into storage. */
  async read(id: string): Promise<Readable> {
    if (!this.inner.read) throw new Error('this datastore cannot be read');
    return this.inner.read(id);
  }

  /**
   * A write that failed part-way (the client went) still stored what arrived: counted too. Should
   * this process stop first, the next PATCH's `starting` counts it (a count never depends on the
   * process that stored the bytes living on).
   */
  private async countCut(id: string, offset: number) {
    const after = await this.inner.getUpload(id).then(
      (u) => u.offset,
      () => offset,
    );
    if (after > offset) await this.hooks.wrote(id, after).catch(() => {});
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    // Past offset 0 the head was judged: a PATCH only moves an upload past 0 once it was.
    await this.hooks.starting(id, offset);
    if (offset > 0) {
      try {
        const end = await this.inner.write(source, id, offset);
        await this.hooks.wrote(id, end);
        return end;
      } catch (error) {
        await this.countCut(id, offset);
        throw error;
      }
    }
    const upload = await this.inner.getUpload(id);
    const target = Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);
    const gate = new HeadGate(target, async (head) => this.hooks.judge(id, await sniff(head)));
    // Not `pipeline`: a refusal must reach the tus server as this write's error, so the gate's
    // failure may not destroy the source (the tus server's own pipeline would report it first).
    source.on('error', (error) => gate.destroy(error));
    // The refusal is answered from `gate.refusal`; a store that has not yet listened to the gate
    // (the S3 store's splitter) must not see its error as unhandled.
    gate.on('error', () => {});
    source.pipe(gate);
    try {
      const end = await this.inner.write(gate, id, 0);
      await this.hooks.wrote(id, end);
      return end;
    } catch (error) {
      source.unpipe(gate);
      if (!gate.refusal) {
        await this.countCut(id, 0);
        throw error;
      }
      await this.inner.remove(id).catch(() => {});
      await this.hooks.refused(id);
      throw gate.refusal;
    }
  }
}
