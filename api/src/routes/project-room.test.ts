import { roomMessages as m } from '@studio/shared/messages/project-room';
import {
  canMoveWork,
  roomLimits,
  type WorkActor,
  type WorkStatus,
  workStatuses,
} from '@studio/shared/project-room';
import type { RoomMoveAnswer } from '@studio/shared/schemas/project-room';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit-log.ts';
import { outboundMail } from '../db/schema/outbound-mail.ts';
import { projectComments, submissionWorkHistory } from '../db/schema/project-room.ts';
import { projectSubmissions } from '../db/schema/project-submissions.ts';
import { transitionSubmission } from '../services/submissions/transition-submission.ts';
import { signInAdmin, signUpCustomer } from '../test/accounts.ts';
import { createTestApp, read, type TestApp } from '../test/harness.ts';
import { roomProject, shareTestVersion } from '../test/project-room.ts';
import { wavBytes } from '../test/tus.ts';

/**
 * Issue 26, the project room (decision 046): every work-status move, allowed and refused, by the
 * studio and by the client; one history row, audit row and mail per move; the room's access by
 * account and by signed link; comments; finals held until the project is paid.
 */
let t: TestApp;
let admin: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = await signInAdmin(t.db);
});

/** Puts a project's work where a test starts (the test sets the scene; the app never does this). */
async function setWork(submissionId: string, status: WorkStatus) {
  await t.db
    .update(projectSubmissions)
    .set({ workStatus: status })
    .where(eq(projectSubmissions.id, submissionId));
}

async function paid(submissionId: string) {
  await t.db.transaction((tx) =>
    transitionSubmission(tx, { submissionId, to: 'paid', source: 'admin', actorId: admin.user.id }),
  );
}

const mailsOf = (submissionEmail: string) =>
  t.db
    .select()
    .from(outboundMail)
    .where(
      and(eq(outboundMail.toAddress, submissionEmail), eq(outboundMail.purpose, 'project-update')),
    );

/** A move by the studio (admin route) or by the client (their room link). */
async function move(
  actor: WorkActor,
  project: Awaited<ReturnType<typeof roomProject>>,
  to: WorkStatus,
) {
  const id = project.submission.id;
  if (actor === 'studio')
    return read(
      t.as(admin.token).api.admin.submissions[':id'].work.$post({
        param: { id },
        json: { to, note: 'From the studio' },
      }),
    );
  return read(
    t.client.api.projects[':id'].room.moves.$post({
      param: { id },
      query: project.link,
      json: to === 'changes_requested' ? { to, notes: 'Vocal up, please' } : ({ to } as never),
    }),
  );
}

describe('work status moves', () => {
  // Every pair of statuses, by each actor: allowed where the table says so (the studio's review
  // is sharing a version, and delivery needs a final), else 409 naming both, and nothing changed.
  const cases = workStatuses.flatMap((from) =>
    workStatuses
      .filter((to) => to !== from)
      .flatMap((to) => (['studio', 'client'] as const).map((actor) => ({ from, to, actor }))),
  );
  // The client's room link can only send its two moves; the others are refused by the schema.
  const clientMoves = new Set<WorkStatus>(['changes_requested', 'approved']);

  it.each(cases)('$actor: $from -> $to', async ({ from, to, actor }) => {
    const project = await roomProject(t);
    // A final shared, so that delivery is possible where the table allows it.
    await shareTestVersion(t, admin.token, project.submission.id, [{ kind: 'final' }]);
    await setWork(project.submission.id, from);
    const mailsBefore = (await mailsOf(project.submission.email)).length;
    const historyBefore = await t.db
      .select()
      .from(submissionWorkHistory)
      .where(eq(submissionWorkHistory.submissionId, project.submission.id));

    const res = await move(actor, project, to);
    const allowed = canMoveWork(from, to, actor) && !(actor === 'studio' && to === 'in_review');
    const [row] = await t.db
      .select()
      .from(projectSubmissions)
      .where(eq(projectSubmissions.id, project.submission.id));
    const history = await t.db
      .select()
      .from(submissionWorkHistory)
      .where(eq(submissionWorkHistory.submissionId, project.submission.id));
    const mails = await mailsOf(project.submission.email);
    if (allowed) {
      expect(res.status).toBe(200);
      expect(row?.workStatus).toBe(to);
      expect(history.length).toBe(historyBefore.length + 1);
      const made = history.find((h) => !historyBefore.some((b) => b.id === h.id));
      expect(made).toMatchObject({ status: to, actor });
      expect(made?.changedBy ?? null).toBe(actor === 'studio' ? admin.user.id : null);
      // Exactly one mail for the move, named by it.
      expect(mails.length).toBe(mailsBefore + 1);
      expect(mails.filter((mail) => mail.subjectId === made?.id)).toHaveLength(1);
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, project.submission.id),
            eq(auditLog.action, 'submission.work_status'),
          ),
        );
      const audited = audit.filter(
        (a) =>
          (a.detail as { from?: string }).from === from && (a.detail as { to?: string }).to === to,
      );
      expect(audited).toHaveLength(1);
      expect(audited[0]?.detail).toMatchObject({ from, to, actor });
      expect(audited[0]?.actorId ?? null).toBe(actor === 'studio' ? admin.user.id : null);
    } else {
      expect(res.status).toBe(actor === 'client' && !clientMoves.has(to) ? 400 : 409);
      if (res.status === 409)
        expect((res.body as { message: string }).message).toBe(m.moveNotAllowed(from, to));
      expect(row?.workStatus).toBe(from);
      expect(history.length).toBe(historyBefore.length);
      expect(mails.length).toBe(mailsBefore);
    }
  });

  it('a double-clicked approval moves once and mails once', async () => {
    const project = await roomProject(t);
    await shareTestVersion(t, admin.token, project.submission.id, [{ kind: 'preview' }]);
    const [a, b] = await Promise.all([
      move('client', project, 'approved'),
      move('client', project, 'approved'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const approvals = (await mailsOf(project.submission.email)).filter((mail) =>
      (mail.message as { subject: string }).subject.startsWith('Approved'),
    );
    expect(approvals).toHaveLength(1);
  });

  it('delivery needs a final file shared', async () => {
    const project = await roomProject(t);
    await shareTestVersion(t, admin.token, project.submission.id, [{ kind: 'preview' }]);
    await setWork(project.submission.id, 'approved');
    const res = await move('studio', project, 'delivered');
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(m.finalsNotShared);
  });
});

describe('sharing a version', () => {
  it('numbers versions, puts the project in review once and mails the client with the room link', async () => {
    const project = await roomProject(t);
    const first = await shareTestVersion(
      t,
      admin.token,
      project.submission.id,
      [{ kind: 'preview', name: 'Song v1.wav' }],
      'v1: first mix',
    );
    expect(first.room.workStatus).toBe('in_review');
    const second = await shareTestVersion(
      t,
      admin.token,
      project.submission.id,
      [{ kind: 'preview' }, { kind: 'final' }],
      'v2: vocal up 1 dB',
    );
    expect(second.room.versions.map((v) => [v.number, v.note, v.files.length])).toEqual([
      [1, 'v1: first mix', 1],
      [2, 'v2: vocal up 1 dB', 2],
    ]);
    const mails = await mailsOf(project.submission.email);
    expect(mails).toHaveLength(2);
    const text = (mails[0]?.message as { text: string } | undefined)?.text;
    expect(text).toContain(`/projects/${project.submission.id}?expires=`);
    expect((mails[0]?.message as { subject: string } | undefined)?.subject).toBe(
      'A version of your project is ready to hear: Song Mix',
    );
  });

  it('refuses a version with no files (400) and a cancelled project (409), leaving nothing', async () => {
    const project = await roomProject(t);
    const admin1 = t.as(admin.token).api.admin.submissions[':id'];
    const draft = await read(
      admin1['version-drafts'].$post({ param: { id: project.submission.id } }),
    );
    const none = await read(
      admin1.versions.$post({
        param: { id: project.submission.id },
        json: { draftToken: draft.body.draftToken as string, note: '', files: [] },
      }),
    );
    expect(none.status).toBe(400);
    await setWork(project.submission.id, 'cancelled');
    await expect(
      shareTestVersion(t, admin.token, project.submission.id, [{ kind: 'preview' }]),
    ).rejects.toThrow(/share: 409/);
    const room = await read(admin1.room.$get({ param: { id: project.submission.id } }));
    expect(room.body.room.versions).toEqual([]);
  });
});

describe("the client's room", () => {
  it('opens for the account that submitted it, by its link, and for nobody else', async () => {
    const client = await signUpCustomer(t);
    const project = await roomProject(t, { id: client.user.id });
    const id = project.submission.id;
    const room = t.client.api.projects[':id'].room;

    const own = await read(
      t.as(client.token).api.projects[':id'].room.$get({ param: { id }, query: {} }),
    );
    expect(own.status).toBe(200);
    expect(own.body.room).toMatchObject({ id, serviceName: 'Song Mix', workStatus: 'received' });
    expect((await read(room.$get({ param: { id }, query: project.link }))).status).toBe(200);

    const stranger = await signUpCustomer(t);
    const strangers = await read(
      t.as(stranger.token).api.projects[':id'].room.$get({ param: { id }, query: {} }),
    );
    expect(strangers.status).toBe(404);
    expect(strangers.body).toMatchObject({ message: m.notFound });
    const madeUp = await read(
      room.$get({ param: { id: crypto.randomUUID() }, query: project.link }),
    );
    expect(madeUp.status).toBe(404);
    const notAnId = await read(room.$get({ param: { id: 'nope' }, query: {} }));
    expect(notAnId.status).toBe(404);
    const nobody = await read(room.$get({ param: { id }, query: {} }));
    expect(nobody.status).toBe(401);
    expect(nobody.body).toMatchObject({ message: m.signInOrLink });
  });

  it('refuses a tampered link and an expired one with 403, offering a fresh link by e-mail', async () => {
    const project = await roomProject(t);
    const id = project.submission.id;
    const room = t.client.api.projects[':id'].room;
    const tampered = await read(
      room.$get({
        param: { id },
        query: { ...project.link, token: `${project.link.token.slice(0, -2)}xx` },
      }),
    );
    expect(tampered.status).toBe(403);
    expect(tampered.body).toMatchObject({ message: m.linkNotValid });
    // Another project's link does not open this one.
    const other = await roomProject(t);
    const borrowed = await read(room.$get({ param: { id }, query: other.link }));
    expect(borrowed.status).toBe(403);
    const { roomUrl } = await import('../services/project-room/room-url.ts');
    const old = new URL(
      roomUrl({ PUBLIC_URL: 'http://site' }, t.secret, id, Date.now() - 31 * 86_400_000),
    );
    const expired = await read(
      room.$get({
        param: { id },
        query: {
          expires: old.searchParams.get('expires') ?? '',
          token: old.searchParams.get('token') ?? '',
        },
      }),
    );
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ message: m.linkExpired });

    // A fresh link: mailed to the project's address only, the same answer for any address.
    const ask = (email: string) =>
      read(t.client.api.projects[':id']['room-link'].$post({ param: { id }, json: { email } }));
    const wrong = await ask('someone.else@example.com');
    const right = await ask(project.submission.email.toUpperCase());
    expect([wrong.status, right.status]).toEqual([202, 202]);
    expect(wrong.body).toEqual(right.body);
    const links = await t.db
      .select()
      .from(outboundMail)
      .where(eq(outboundMail.purpose, 'project-link'));
    const mine = links.filter((l) => l.toAddress === project.submission.email);
    expect(mine).toHaveLength(1);
    expect(links.some((l) => l.toAddress === 'someone.else@example.com')).toBe(false);
    const fresh = new URL(
      ((mine[0]?.message as { text: string } | undefined)?.text.match(/http\S+/) ?? [''])[0],
    );
    const opened = await read(
      room.$get({
        param: { id },
        query: {
          expires: fresh.searchParams.get('expires') ?? '',
          token: fresh.searchParams.get('token') ?? '',
        },
      }),
    );
    expect(opened.status).toBe(200);
  });

  it('lists the account’s projects beside its orders', async () => {
    const client = await signUpCustomer(t);
    const project = await roomProject(t, { email: client.user.email });
    const mine = await read(t.as(client.token).api.projects.mine.$get());
    expect(mine.status).toBe(200);
    expect(mine.body.projects).toEqual([
      expect.objectContaining({
        id: project.submission.id,
        serviceName: 'Song Mix',
        workStatus: 'received',
      }),
    ]);
  });
});

describe('comments', () => {
  it('keeps plain text, pins a comment to a time in a file, and the studio answers', async () => {
    const project = await roomProject(t);
    const id = project.submission.id;
    const { room } = await shareTestVersion(t, admin.token, id, [{ kind: 'preview' }]);
    const fileId = room.versions[0]?.files[0]?.id ?? '';
    const body = '<img src=x onerror=alert(1)> 1:23 the vocal is too loud';
    const posted = await read(
      t.client.api.projects[':id'].room.comments.$post({
        param: { id },
        query: project.link,
        json: { body, fileId, atSeconds: 83.4 },
      }),
    );
    expect(posted.status).toBe(201);
    const answered = await read(
      t.as(admin.token).api.admin.submissions[':id'].comments.$post({
        param: { id },
        json: { body: 'Turned it down 1 dB in v2.' },
      }),
    );
    expect(answered.status).toBe(201);
    expect(
      (answered.body as RoomMoveAnswer).room.comments.map((c) => [
        c.author,
        c.body,
        c.fileId,
        c.atSeconds,
      ]),
    ).toEqual([
      ['client', body, fileId, expect.closeTo(83.4, 3)],
      ['studio', 'Turned it down 1 dB in v2.', null, null],
    ]);
  });

  it('refuses an empty or too long comment, a time with no file, another project’s file', async () => {
    const project = await roomProject(t);
    const id = project.submission.id;
    const other = await roomProject(t);
    const { room } = await shareTestVersion(t, admin.token, other.submission.id, [
      { kind: 'preview' },
    ]);
    const post = (json: { body: string; fileId?: string; atSeconds?: number }) =>
      read(
        t.client.api.projects[':id'].room.comments.$post({
          param: { id },
          query: project.link,
          json,
        }),
      );
    expect((await post({ body: '   ' })).status).toBe(400);
    const long = await post({ body: 'a'.repeat(roomLimits.maxCommentChars + 1) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(m.commentTooLong);
    expect((await post({ body: 'a'.repeat(roomLimits.maxCommentChars) })).status).toBe(201);
    expect((await post({ body: 'When?', atSeconds: 3 })).status).toBe(400);
    const foreign = await post({ body: 'Hm', fileId: room.versions[0]?.files[0]?.id ?? '' });
    expect(foreign.status).toBe(404);
    const rows = await t.db
      .select()
      .from(projectComments)
      .where(eq(projectComments.submissionId, id));
    expect(rows).toHaveLength(1);
  });

  it('limits a client to 20 comments in 10 minutes (429), not the studio', async () => {
    const project = await roomProject(t);
    const id = project.submission.id;
    const post = () =>
      read(
        t.client.api.projects[':id'].room.comments.$post({
          param: { id },
          query: project.link,
          json: { body: 'Another thought' },
        }),
      );
    for (let i = 0; i < roomLimits.commentsPer10Minutes; i++)
      expect((await post()).status).toBe(201);
    const over = await post();
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: m.tooManyComments });
    const studio = await read(
      t
        .as(admin.token)
        .api.admin.submissions[':id'].comments.$post({ param: { id }, json: { body: 'Noted' } }),
    );
    expect(studio.status).toBe(201);
  });
});

describe('previews and finals', () => {
  it('plays a preview with Range; holds the final (409) until the project is paid, then downloads it', async () => {
    const project = await roomProject(t);
    const id = project.submission.id;
    const preview = wavBytes(256 * 1024);
    const final = wavBytes(300 * 1024);
    final.fill(7, 44);
    await shareTestVersion(t, admin.token, id, [
      { kind: 'preview', bytes: preview, name: 'Song preview.wav' },
      { kind: 'final', bytes: final, name: 'Song master.wav' },
    ]);
    const roomOf = async () =>
      (await read(t.client.api.projects[':id'].room.$get({ param: { id }, query: project.link })))
        .body.room;
    const before = await roomOf();
    const [p, f] = before.versions[0]?.files ?? [];
    expect(p?.url).toMatch(/^\/api\/projects\/.+\/room\/files\/.+\?expires=\d+&token=/);
    expect(f?.url).toBeNull();
    expect(before.finalsReleased).toBe(false);
    expect(before.payUrl).toContain(`/projects/${id}/pay`);

    const base = await t.listen();
    const seek = await fetch(`${base}${p?.url}`, { headers: { Range: 'bytes=100000-100099' } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-range')).toBe(`bytes 100000-100099/${preview.length}`);
    expect(seek.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await seek.arrayBuffer()).equals(preview.subarray(100000, 100100))).toBe(
      true,
    );

    // The studio's URL for the final opens it; a client who guesses the path gets 401, and a
    // client URL for it (as it will be once paid) 409 before payment.
    const studio = await read(
      t.as(admin.token).api.admin.submissions[':id'].room.$get({ param: { id } }),
    );
    const studioFinal = studio.body.room.versions[0]?.files[1]?.url ?? '';
    expect((await fetch(`${base}${studioFinal}`)).status).toBe(200);
    const forged = await fetch(
      `${base}/api/projects/${id}/room/files/${f?.id}?expires=9999999999&token=abc`,
    );
    expect(forged.status).toBe(401);
    const { roomFileUrl } = await import('../services/project-room/room-url.ts');
    const early = await fetch(`${base}${roomFileUrl(t.secret, id, f?.id ?? '', 'client')}`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { message: string }).message).toBe(m.payToReceive);

    await paid(id);
    const after = await roomOf();
    expect(after.finalsReleased).toBe(true);
    expect(after.payUrl).toBeNull();
    const url = after.versions[0]?.files[1]?.url ?? '';
    const download = await fetch(`${base}${url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      'attachment; filename="Song master.wav"',
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(final)).toBe(true);
  });
});
