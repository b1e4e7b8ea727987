import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';

export interface FilePart {
  filename: string;
  /** The first bytes (magic number); the rest up to `size` is filler. */
  head: Buffer;
  size: number;
  field?: string;
  contentType?: string;
}

/** 44-byte WAV header: what a real .wav starts with. */
export function wavHead(): Buffer {
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(36, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(44_100, 24);
  b.writeUInt32LE(176_400, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  return b;
}

/** What a Windows executable starts with. */
export const exeHead = Buffer.from(
  'MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00',
  'latin1',
);

/**
 * A multipart/form-data body generated as a stream: fields first, then files whose bytes are
 * made on the fly, so a 400 MB file costs no memory and nothing large is committed.
 */
export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  async function* generate() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'audio/wav'}\r\n\r\n`,
      );
      const head = file.head.subarray(0, file.size);
      yield head;
      let left = file.size - head.length;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
        left -= n;
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    stream: Readable.from(generate()),
  };
}

/** POSTs a streamed multipart body over real HTTP; answers status and JSON body. */
export function postMultipart(
  url: string,
  body: ReturnType<typeof multipartBody>,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: Record<string, unknown> & { message?: string; code?: string };
}> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType, ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    body.stream.pipe(req);
  });
}
