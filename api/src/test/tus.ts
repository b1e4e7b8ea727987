import { read, type TestApp } from './harness.ts';
import { wavHead } from './multipart.ts';

/** tus requests as tus-js-client sends them, through the typed client. */
export const TUS = { 'Tus-Resumable': '1.0.0' };

/** A WAV of `size` bytes: its real header, then silence. */
export const wavBytes = (size: number) => Buffer.concat([wavHead(), Buffer.alloc(size - 44)]);

/** tus metadata: `key base64(value)` pairs. */
export const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export async function newDraft(t: TestApp): Promise<string> {
  const res = await read(t.client.api.uploads.drafts.$post());
  if (res.status !== 201) throw new Error(`draft: ${res.status}`);
  return res.body.draftToken as string;
}

/** POST /api/uploads; answers the upload's id (from Location) with the whole answer. */
export async function createUpload(
  t: TestApp,
  draft: string,
  {
    size,
    name = 'take.wav',
    headers = {},
  }: { size: number | string; name?: string; headers?: Record<string, string> },
) {
  const res = await read(
    t.client.api.uploads.$post(
      {},
      {
        headers: {
          ...TUS,
          'Upload-Draft': draft,
          'Upload-Length': String(size),
          'Upload-Metadata': metadata({ filename: name, filetype: 'audio/wav' }),
          ...headers,
        },
      },
    ),
  );
  const id = res.headers.get('location')?.split('/').pop() ?? '';
  return { ...res, id };
}

export function patchUpload(t: TestApp, draft: string, id: string, offset: number, bytes: Buffer) {
  return read(
    t.client.api.uploads[':id'].$patch(
      { param: { id } },
      {
        headers: {
          ...TUS,
          'Upload-Draft': draft,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        init: { body: new Uint8Array(bytes) },
      },
    ),
  );
}

export function headUpload(t: TestApp, draft: string, id: string) {
  return read(
    t.app.request(`/api/uploads/${id}`, {
      method: 'HEAD',
      headers: { ...TUS, 'Upload-Draft': draft },
    }),
  );
}

/** A completed upload of `draft`: a WAV of `size` bytes sent in one PATCH. */
export async function completedUpload(t: TestApp, draft: string, size = 8192, name = 'take.wav') {
  const { id, status } = await createUpload(t, draft, { size, name });
  if (status !== 201) throw new Error(`create: ${status}`);
  const res = await patchUpload(t, draft, id, 0, wavBytes(size));
  if (res.status !== 204) throw new Error(`patch: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}
