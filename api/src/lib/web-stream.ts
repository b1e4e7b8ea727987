import type { Readable } from 'node:stream';

/**
 * A Node stream as a web stream for a response body, read as the client takes it: each pull
 * hands on what the Node stream holds (a storage read of 1 MB, or what the socket brought), with
 * no queue of its own. Readable.toWeb moved a 2 GB download at about a third of this speed on
 * Node 24, most of its time in its per-chunk work and the garbage it leaves (the download bench,
 * bench/download.ts). An error of the source errors the body (the client's download is cut, never
 * ended short as if whole); a client that goes away destroys the source.
 */
export function toWebStream(source: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.once('error', (error) => controller.error(error));
      },
      pull(controller) {
        return new Promise<void>((resolve) => {
          const take = () => {
            source.off('readable', take);
            source.off('end', take);
            source.off('close', take);
            // Failed or destroyed before its end: the body fails (never a short file that ends).
            if (source.errored || (source.destroyed && !source.readableEnded)) {
              controller.error(source.errored ?? new Error('the source closed before its end'));
              return resolve();
            }
            const chunk = source.read() as Buffer | null;
            if (chunk !== null) controller.enqueue(chunk);
            else if (source.readableEnded) controller.close();
            else {
              source.once('readable', take);
              source.once('end', take);
              source.once('close', take);
              return;
            }
            resolve();
          };
          take();
        });
      },
      cancel(reason) {
        source.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
