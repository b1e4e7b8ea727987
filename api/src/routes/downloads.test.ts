import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { storageMessages as m } from '@studio/shared/messages/storage';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles } from '../db/schema/project-submissions.ts';
import { users } from '../db/schema/users.ts';
import { createDownloadLink } from '../services/submissions/create-download-link.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { createSubmission } from '../test/submissions.ts';

/**
 * Admin downloads by a short-lived signed link (decision 029): asked for with the bearer token,
 * followed by the browser without it, streamed from storage (TEST_STORAGE=s3: from the bucket).
 */
let t: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.listen();
  admin = await signInAdmin(t.db);
});

/** A stored submission file of `bytes`, named as a visitor named it. */
async function storedFile(bytes: Buffer, originalName = 'Final mix (v2) – ünïcode.wav') {
  const { submission } = await createSubmission(t.db);
  const key = `submissions/${randomUUID()}`;
  await t.storage.put(key, Readable.from([bytes]));
  const [file] = await t.db
    .insert(submissionFiles)
    .values({
      submissionId: submission.id,
      originalName,
      storageKey: key,
      contentType: 'audio/wav',
      sizeBytes: bytes.length,
    })
    .returning();
  return { id: submission.id, fileId: file?.id ?? '', key };
}

async function askLink(param: { id: string; fileId: string }, token = admin.token) {
  return read(t.as(token).api.admin.submissions[':id'].files[':fileId'].link.$post({ param }));
}

describe('POST /api/admin/submissions/:id/files/:fileId/link, then GET the link', () => {
  it('gives a link good for 5 minutes that downloads the file byte for byte, without a token', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const param = await storedFile(bytes);
    const asked = Date.now();
    const link = await askLink(param);
    const answered = Date.now();
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(
      new RegExp(
        `^/api/downloads/submissions/${param.id}/files/${param.fileId}\\?expires=\\d+&admin=${admin.user.id}&token=[\\w-]+$`,
      ),
    );
    // Five minutes from the server's clock, in whole seconds (the link's `expires`), taken
    // between the ask and the answer.
    const expiresAt = new Date(link.body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(asked + 299_000);
    expect(expiresAt).toBeLessThanOrEqual(answered + 300_000);

    // Over real HTTP, as a browser that navigates to it: no Authorization, no cookie.
    const res = await fetch(`${base}${link.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Final mix (v2) _ _n_code.wav"; filename*=UTF-8''Final%20mix%20%28v2%29%20%E2%80%93%20%C3%BCn%C3%AFcode.wav`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Followed again within its minutes: still good (a retried download).
    expect((await fetch(`${base}${link.body.url}`)).status).toBe(200);
  });

  it('refuses a link changed in any part, with 403 and nothing of the file', async () => {
    const param = await storedFile(Buffer.from('secret bytes'));
    const other = await storedFile(Buffer.from('other bytes'));
    const { url } = (await askLink(param)).body as { url: string };
    const parsed = new URL(url, base);
    const variants: string[] = [];
    const changed = (edit: (u: URL) => void) => {
      const copy = new URL(parsed);
      edit(copy);
      variants.push(`${copy.pathname}${copy.search}`);
    };
    changed((u) => u.searchParams.set('token', `${u.searchParams.get('token')?.slice(0, -2)}AA`));
    changed((u) =>
      u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
    );
    changed((u) => u.searchParams.set('admin', randomUUID()));
    changed((u) => u.searchParams.delete('token'));
    changed((u) => {
      u.pathname = `/api/downloads/submissions/${other.id}/files/${other.fileId}`;
    });
    changed((u) => {
      u.pathname = `/api/downloads/submissions/${param.id}/files/${other.fileId}`;
    });
    for (const variant of variants) {
      const res = await read(t.app.request(variant));
      expect(res.status, variant).toBe(403);
      expect(res.body, variant).toEqual({ message: m.badDownloadLink, code: 'FORBIDDEN' });
    }
  });

  it('refuses a link past its 5 minutes, and one whose admin is no longer an admin', async () => {
    const param = await storedFile(Buffer.from('old bytes'));
    const old = await createDownloadLink({
      db: t.db,
      secret: t.secret,
      ...param,
      adminId: admin.user.id,
      now: Date.now() - 301_000,
    });
    const expired = await read(t.app.request(old.url));
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(m.downloadLinkExpired);

    const demoted = await signInAdmin(t.db);
    const link = await askLink(param, demoted.token);
    expect((await read(t.app.request(link.body.url))).status).toBe(200);
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.id, demoted.user.id));
    const after = await read(t.app.request(link.body.url));
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(m.badDownloadLink);
  });

  it('gives no link to customers, nor for a file of another submission or a missing one', async () => {
    const param = await storedFile(Buffer.from('bytes'));
    const other = await storedFile(Buffer.from('bytes'));
    const customer = await signUpCustomer(t);
    expect((await askLink(param, customer.token)).status).toBe(403);
    expect(
      (await read(t.client.api.admin.submissions[':id'].files[':fileId'].link.$post({ param })))
        .status,
    ).toBe(401);
    expect((await askLink({ id: param.id, fileId: other.fileId })).status).toBe(404);
    expect((await askLink({ id: param.id, fileId: 'not-a-uuid' })).status).toBe(404);
    // A row whose file is gone from storage: the link is given, the download answers 404.
    await t.storage.delete(param.key);
    const link = await askLink(param);
    expect((await read(t.app.request(link.body.url))).status).toBe(404);
  });
});
