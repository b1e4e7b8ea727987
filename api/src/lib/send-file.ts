import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { ByteRange } from './byte-range.ts';
import { toWebStream } from './web-stream.ts';

/**
 * Each read. Two of them are held per download, so 50 at once hold 50 MB; reads of 1 MB held
 * 100 MB (the bench's limit) and sent no faster.
 */
const CHUNK_BYTES = 512 * 1024;

/** Writes `chunk` and waits until `out` has handed it on (or failed, or closed). */
function written(out: Writable, chunk: Buffer) {
  return new Promise<void>((resolve, reject) => {
    const closed = () => reject(new Error('the client went away'));
    out.once('close', closed);
    out.write(chunk, (error) => {
      out.off('close', closed);
      if (error) reject(error);
      else resolve();
    });
  });
}

/**
 * Sends a file of this machine's disk (or `range` of it) to `out` and ends it, reading into two
 * buffers in turn: the next is read while the last is written, and each is read into again only
 * once `out` has handed it on. A stream of the file would allocate a new megabyte for every read,
 * and in a process with the API's heap the garbage collection that this much allocation brings
 * on cost more than the sending (bench/download.ts: 2 GB at 160 MB/s, against 600 from a small
 * process). Rejects, with `out` destroyed (the client sees a cut download), if the file cannot be
 * read or the client goes away; the file is closed either way.
 */
export async function sendFile(path: string, range: ByteRange | null, out: Writable) {
  const file = await open(path, 'r');
  try {
    let position = range?.start ?? 0;
    const end = range ? range.end + 1 : (await file.stat()).size;
    const buffers = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)];
    let turn = 0;
    const readInto = async (buffer: Buffer) => {
      const want = Math.min(buffer.length, end - position);
      if (want <= 0) return 0;
      const at = position;
      position += want;
      const { bytesRead } = await file.read(buffer, 0, want, at);
      if (bytesRead !== want) throw new Error(`the file ended ${want - bytesRead} bytes early`);
      return bytesRead;
    };
    let next = readInto(buffers[0] as Buffer);
    for (;;) {
      const bytes = await next;
      if (bytes === 0) break;
      const current = buffers[turn] as Buffer;
      turn = 1 - turn;
      next = readInto(buffers[turn] as Buffer);
      // A failed read ahead is seen at the next turn; until then it is not unhandled.
      next.catch(() => {});
      await written(out, current.subarray(0, bytes));
    }
    await new Promise<void>((resolve) => out.end(resolve));
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  } finally {
    await file.close();
  }
}

/**
 * The same file (or `range` of it) as a web body for a server that is not Node's own (an
 * in-process request, a compressing middleware), opened only when first read: where Node's
 * response is written by `sendFile`, this body is let go unread and nothing was opened.
 */
export function lazyFileBody(path: string, range: ByteRange | null): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= toWebStream(
          createReadStream(path, {
            highWaterMark: CHUNK_BYTES,
            ...(range ? { start: range.start, end: range.end } : {}),
          }),
        ).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
