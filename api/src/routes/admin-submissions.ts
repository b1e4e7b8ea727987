import { Readable } from 'node:stream';
import { roomMessages } from '@studio/shared/messages/project-room';
import { roomLimits } from '@studio/shared/project-room';
import { adminSubmissionsQuerySchema } from '@studio/shared/schemas/admin';
import { signedLinkSchema } from '@studio/shared/schemas/admin-answers';
import {
  adminSubmissionListSchema,
  adminSubmissionSchema,
} from '@studio/shared/schemas/admin-submissions';
import {
  type ProjectRoomAnswer,
  projectRoomAnswerSchema,
  type RoomMoveAnswer,
  roomCommentInputSchema,
  roomMoveAnswerSchema,
  studioMoveInputSchema,
  type VersionDraftAnswer,
  versionDraftAnswerSchema,
  versionShareSchema,
} from '@studio/shared/schemas/project-room';
import { Hono } from 'hono';
import type { AdminEnv } from '../context.ts';
import { contentDisposition } from '../lib/content-disposition.ts';
import { pdfDownload } from '../lib/pdf-download.ts';
import { validate } from '../lib/validate.ts';
import { answers, fits } from '../openapi/answers.ts';
import { openInvoice } from '../services/invoices/open-invoice.ts';
import { findRoomSubmission } from '../services/project-room/find-room.ts';
import { moveProject } from '../services/project-room/move-project.ts';
import { postRoomComment } from '../services/project-room/post-room-comment.ts';
import { presentRoom } from '../services/project-room/present-room.ts';
import { shareVersion } from '../services/project-room/share-version.ts';
import { createDownloadLink } from '../services/submissions/create-download-link.ts';
import { getSubmission } from '../services/submissions/get-submission.ts';
import { listSubmissions } from '../services/submissions/list-submissions.ts';
import { openSubmissionFile } from '../services/submissions/open-submission-file.ts';
import { createUploadDraft } from '../services/uploads/create-upload-draft.ts';
import { tusUploads } from '../services/uploads/tus-uploads.ts';

const invoicePdf = answers({
  200: { mediaType: 'application/pdf', description: 'The invoice, a PDF file.' },
});
const uploadedFile = answers({
  200: { mediaType: '*/*', description: 'The file as it was uploaded, with its own content type.' },
});

export const adminSubmissionRoutes = new Hono<AdminEnv>()
  .get(
    '/',
    answers({ 200: adminSubmissionListSchema }),
    validate('query', adminSubmissionsQuerySchema),
    async (c) =>
      c.json(
        fits(
          adminSubmissionListSchema,
          await listSubmissions({ db: c.var.db, query: c.req.valid('query') }),
        ),
        200,
      ),
  )
  .get('/:id', answers({ 200: adminSubmissionSchema }), async (c) =>
    c.json(
      fits(adminSubmissionSchema, await getSubmission({ db: c.var.db, id: c.req.param('id') })),
      200,
    ),
  )
  // Any paid submission's invoice (decision 036).
  .get('/:id/invoice.pdf', invoicePdf, async (c) => {
    const pdf = pdfDownload(
      await openInvoice({
        ...c.var,
        subject: { kind: 'submission', id: c.req.param('id') },
        ownerId: null,
      }),
    );
    return c.body(pdf.body, 200, pdf.headers);
  })
  // A link the browser follows to download natively (routes/downloads.ts, decision 029).
  .post('/:id/files/:fileId/link', answers({ 200: signedLinkSchema }), async (c) =>
    c.json(
      fits(
        signedLinkSchema,
        await createDownloadLink({
          db: c.var.db,
          secret: c.var.secret,
          id: c.req.param('id'),
          fileId: c.req.param('fileId'),
          adminId: c.var.user.id,
        }),
      ),
      200,
    ),
  )
  // The file itself with the bearer token (the desktop console, scripts).
  .get('/:id/files/:fileId', uploadedFile, async (c) => {
    const file = await openSubmissionFile({
      ...c.var,
      id: c.req.param('id'),
      fileId: c.req.param('fileId'),
    });
    return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes),
      'Content-Disposition': contentDisposition(file.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  // The project room's thread, as the studio sees it (issue 26, decision 046).
  .get('/:id/room', answers({ 200: projectRoomAnswerSchema }), async (c) => {
    const submission = await findRoomSubmission(c.var.db, c.req.param('id'));
    const room = await presentRoom({ ...c.var, submission, viewer: 'studio' });
    return c.json({ room } satisfies ProjectRoomAnswer, 200, { 'Cache-Control': 'no-store' });
  })
  .post(
    '/:id/work',
    answers({ 200: roomMoveAnswerSchema }),
    validate('json', studioMoveInputSchema),
    async (c) => {
      const submission = await findRoomSubmission(c.var.db, c.req.param('id'));
      const { to, note } = c.req.valid('json');
      await moveProject({
        ...c.var,
        submission,
        to,
        actor: 'studio',
        actorId: c.var.user.id,
        note: note || null,
      });
      const moved = await findRoomSubmission(c.var.db, submission.id);
      const room = await presentRoom({ ...c.var, submission: moved, viewer: 'studio' });
      return c.json({ message: roomMessages.moved(to), room } satisfies RoomMoveAnswer, 200);
    },
  )
  .post(
    '/:id/comments',
    answers({ 201: roomMoveAnswerSchema }),
    validate('json', roomCommentInputSchema),
    async (c) => {
      const submission = await findRoomSubmission(c.var.db, c.req.param('id'));
      await postRoomComment({
        ...c.var,
        submission,
        author: 'studio',
        authorId: c.var.user.id,
        input: c.req.valid('json'),
      });
      const room = await presentRoom({ ...c.var, submission, viewer: 'studio' });
      return c.json({ message: roomMessages.commentPosted, room } satisfies RoomMoveAnswer, 201);
    },
  )
  // A draft for a version's resumable uploads, then its completed uploads shared as a version.
  .post('/:id/version-drafts', answers({ 201: versionDraftAnswerSchema }), async (c) => {
    await findRoomSubmission(c.var.db, c.req.param('id'));
    const { draftToken } = await createUploadDraft({ db: c.var.db, purpose: 'project-version' });
    return c.json(
      {
        draftToken,
        maxFileBytes: roomLimits.maxFileBytes,
        maxFiles: roomLimits.maxFilesPerVersion,
      } satisfies VersionDraftAnswer,
      201,
    );
  })
  .post(
    '/:id/versions',
    answers({ 201: roomMoveAnswerSchema }),
    validate('json', versionShareSchema),
    async (c) => {
      const submission = await findRoomSubmission(c.var.db, c.req.param('id'));
      const shared = await shareVersion({
        ...c.var,
        store: tusUploads(c.var).store,
        submission,
        input: c.req.valid('json'),
        actorId: c.var.user.id,
      });
      const moved = await findRoomSubmission(c.var.db, submission.id);
      const room = await presentRoom({ ...c.var, submission: moved, viewer: 'studio' });
      return c.json({ message: shared.message, room } satisfies RoomMoveAnswer, 201);
    },
  );
