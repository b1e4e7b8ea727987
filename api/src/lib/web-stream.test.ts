import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { toWebStream } from './web-stream.ts';

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('toWebStream', () => {
  it('hands on every byte of the source, in order', async () => {
    const parts = Array.from({ length: 40 }, (_, i) => randomBytes(1000 + i * 997));
    const body = await readAll(toWebStream(Readable.from(parts, { objectMode: false })));
    expect(body.equals(Buffer.concat(parts))).toBe(true);
    expect((await readAll(toWebStream(Readable.from([], { objectMode: false })))).length).toBe(0);
  });

  it('fails when the source fails part-way, or is destroyed before its end', async () => {
    async function* failing() {
      yield Buffer.from('first bytes');
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('storage went away');
    }
    await expect(readAll(toWebStream(Readable.from(failing())))).rejects.toThrow(
      'storage went away',
    );
    const source = new Readable({ read() {} });
    source.push(Buffer.from('some'));
    const reading = readAll(toWebStream(source));
    setTimeout(() => source.destroy(), 5);
    await expect(reading).rejects.toThrow('the source closed before its end');
  });

  it('destroys the source when the reader cancels (the client went away)', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.from('some'));
    const reader = toWebStream(source).getReader();
    expect(Buffer.from((await reader.read()).value ?? []).toString()).toBe('some');
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });
});
