import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { SniffStream, sniff } from './sniff.ts';

const b = (s: string) => Buffer.from(s, 'latin1');

describe('sniff', () => {
  it.each([
    ['RIFF\x24\x00\x00\x00WAVEfmt ', 'audio', 'audio/wav'],
    ['FORM\x00\x00\x00\x00AIFFCOMM', 'audio', 'audio/aiff'],
    ['fLaC\x00\x00\x00\x22', 'audio', 'audio/flac'],
    ['OggS\x00\x02\x00\x00', 'audio', 'audio/ogg'],
    ['ID3\x04\x00\x00\x00\x00', 'audio', 'audio/mpeg'],
    ['\xff\xfb\x90\x64\x00', 'audio', 'audio/mpeg'],
    ['\xff\xf1\x50\x80', 'audio', 'audio/aac'],
    ['\x00\x00\x00\x20ftypM4A \x00\x00', 'audio', 'audio/mp4'],
    ['\x00\x00\x00\x20ftypisom\x00\x00', 'video', 'video/mp4'],
    ['\x00\x00\x00\x14ftypqt  \x00\x00', 'video', 'video/quicktime'],
    ['\x1a\x45\xdf\xa3\x9f\x42\x86\x81', 'video', 'video/webm'],
    ['RIFF\x00\x00\x00\x00AVI LIST', 'video', 'video/x-msvideo'],
    ['PK\x03\x04\x14\x00\x00\x00', 'zip', 'application/zip'],
    ['PK\x05\x06\x00\x00\x00\x00', 'zip', 'application/zip'],
    ['\xff\xd8\xff\xe0\x00\x10JFIF', 'image', 'image/jpeg'],
    ['\x89PNG\r\n\x1a\n\x00\x00', 'image', 'image/png'],
    ['%PDF-1.7\n', 'pdf', 'application/pdf'],
  ])('%j is %s (%s)', (head, kind, mime) => {
    expect(sniff(b(head))).toEqual({ kind, mime });
  });

  it.each([
    ['MZ\x90\x00\x03\x00\x00\x00'], // Windows executable
    ['\x7fELF\x02\x01\x01\x00'], // Linux executable
    ['#!/bin/sh\nrm -rf /'],
    ['<html><script>'],
    ['RIFF\x00\x00\x00\x00XXXX'],
    [''],
  ])('%j is refused', (head) => {
    expect(sniff(b(head))).toBeNull();
  });
});

describe('SniffStream', () => {
  it('passes every byte through once the head is accepted, even in tiny chunks', async () => {
    const data = `RIFF\x24\x00\x00\x00WAVEfmt ${'x'.repeat(1000)}`;
    const chunks = [...data].map((ch) => b(ch));
    const out = Readable.from(chunks).pipe(new SniffStream((s) => expect(s?.kind).toBe('audio')));
    expect(await text(out)).toBe(data);
  });

  it('errors, passing nothing on, when the head is refused', async () => {
    const out = Readable.from([b('MZ\x90\x00'.repeat(10))]).pipe(
      new SniffStream(() => {
        throw new Error('refused');
      }),
    );
    await expect(text(out)).rejects.toThrow('refused');
  });

  it('judges a file shorter than the head at its end', async () => {
    let seen: unknown = 'not called';
    const sniffer = new SniffStream((s) => {
      seen = s;
    });
    await text(Readable.from([b('ID3')]).pipe(sniffer));
    expect(seen).toEqual({ kind: 'audio', mime: 'audio/mpeg' });
  });
});
