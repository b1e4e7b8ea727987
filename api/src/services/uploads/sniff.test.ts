import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type SampleName, sampleBytes, samples } from '../../test/upload-samples.ts';
import { projectFileTypes } from './project-file-types.ts';
import { SNIFF_BYTES, SniffStream, sniff } from './sniff.ts';

const names = Object.keys(samples) as SampleName[];

describe('sniff (file-type over real samples)', () => {
  it.each(names)('%s is found by its content', async (name) => {
    const { mime, ext } = samples[name];
    const found = await sniff(sampleBytes(name));
    expect(found && { mime: found.mime, ext: found.ext }).toEqual(
      mime === null ? null : { mime, ext },
    );
  });

  it('names the kinds: HEIC and AVIF photos are images (not video/mp4), MKV is not WebM', async () => {
    const kinds = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, (await sniff(sampleBytes(n)))?.kind ?? null])),
    );
    expect(kinds).toEqual({
      wav: 'audio',
      mp3: 'audio',
      flac: 'audio',
      ogg: 'audio',
      m4a: 'audio',
      mp4: 'video',
      mov: 'video',
      webm: 'video',
      mkv: 'video',
      '3gp': 'video',
      avi: 'video',
      zip: 'zip',
      heic: 'image',
      avif: 'image',
      jpeg: 'image',
      png: 'image',
      webp: 'image',
      pdf: 'pdf',
      html: null,
      polyglot: 'audio',
    });
  });

  it('the project allow-list takes audio, video and zip, and refuses the rest', async () => {
    const accepted: string[] = [];
    for (const name of names) {
      const found = await sniff(sampleBytes(name));
      if (found && projectFileTypes.has(found.mime)) accepted.push(name);
    }
    expect(accepted).toEqual([
      'wav',
      'mp3',
      'flac',
      'ogg',
      'm4a',
      'mp4',
      'mov',
      'webm',
      'mkv',
      '3gp',
      'avi',
      'zip',
      'polyglot',
    ]);
  });

  it('reads only the first 4100 bytes: a sample padded with 1 MB of other bytes is the same type', async () => {
    for (const name of ['wav', 'mkv', 'zip', 'heic'] as const) {
      const padded = Buffer.concat([sampleBytes(name), Buffer.alloc(1024 * 1024, 0x3c)]);
      expect((await sniff(padded))?.mime).toBe(samples[name].mime);
    }
    // What decides is in the head: a WAV head after 4100 bytes of HTML is not a WAV.
    const late = Buffer.concat([Buffer.alloc(SNIFF_BYTES, 0x20), sampleBytes('wav')]);
    expect(await sniff(late)).toBeNull();
  });

  it('knows no type for text, an executable or nothing', async () => {
    expect(await sniff(Buffer.from('<?php system($_GET["c"]); ?>'))).toBeNull();
    expect(await sniff(Buffer.alloc(0))).toBeNull();
    // A Windows executable is known, as what it is.
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0);
    expect((await sniff(exe))?.kind ?? 'none').not.toMatch(/audio|video|zip/);
  });
});

describe('SniffStream', () => {
  it('passes every byte through once the head is accepted, even in tiny chunks', async () => {
    const data = sampleBytes('wav');
    const chunks = [...data].map((byte) => Buffer.from([byte]));
    let seen: unknown;
    const out = Readable.from(chunks).pipe(
      new SniffStream((s) => {
        seen = s;
      }),
    );
    const passed: Buffer[] = [];
    for await (const chunk of out) passed.push(chunk as Buffer);
    expect(Buffer.concat(passed).equals(data)).toBe(true);
    expect(seen).toEqual({ kind: 'audio', mime: 'audio/wav', ext: 'wav' });
  });

  it('errors, passing nothing on, when the head is refused', async () => {
    let passed = 0;
    const out = Readable.from([sampleBytes('heic'), Buffer.alloc(SNIFF_BYTES)]).pipe(
      new SniffStream((s) => {
        if (s?.kind !== 'audio') throw new Error(`refused ${s?.mime}`);
      }),
    );
    out.on('data', (chunk: Buffer) => {
      passed += chunk.length;
    });
    await expect(text(out)).rejects.toThrow('refused image/heic');
    expect(passed).toBe(0);
  });

  it('judges a file shorter than the head at its end', async () => {
    let seen: unknown = 'not called';
    const sniffer = new SniffStream((s) => {
      seen = s;
    });
    await text(Readable.from([sampleBytes('mp3')]).pipe(sniffer));
    expect(seen).toEqual({ kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' });
  });
});
