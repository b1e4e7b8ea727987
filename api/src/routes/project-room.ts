import { roomMessages as m } from '@studio/shared/messages/project-room';
import {
  clientMoveInputSchema,
  type MyProjectsAnswer,
  messageAnswerSchema,
  myProjectsAnswerSchema,
  type ProjectRoomAnswer,
  projectRoomAnswerSchema,
  type RoomMoveAnswer,
  roomCommentInputSchema,
  roomLinkRequestSchema,
  roomMoveAnswerSchema,
} from '@studio/shared/schemas/project-room';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/auth.ts';
import { answers } from '../openapi/answers.ts';
import { findRoom } from '../services/project-room/find-room.ts';
import { listMyProjects } from '../services/project-room/list-my-projects.ts';
import { moveProject } from '../services/project-room/move-project.ts';
import { openRoomFile } from '../services/project-room/open-room-file.ts';
import { postRoomComment } from '../services/project-room/post-room-comment.ts';
import { presentRoom } from '../services/project-room/present-room.ts';
import { requestRoomLink } from '../services/project-room/request-room-link.ts';
import { downloadRateLimit, roomLinkRateLimit } from '../services/rate-limit/limit-by-ip.ts';
import { answerStoredFile, withRanges } from './answer-stored-file.ts';

/** A room link's proof (services/project-room/room-url.ts), on every call of the room. */
const proofQuery = z.object({
  expires: singleLine('expires').max(20).optional(),
  token: singleLine('token').max(200).optional(),
});

const roomFile = {
  mediaType: '*/*',
  description:
    'A shared file: a preview inline (the player seeks with Range), a final as an attachment once the project is paid.',
};

/**
 * The client's project room (issue 26, decision 046): by the account that submitted the project
 * or by the signed link of a project mail. Nothing here is cached: it changes with every move.
 */
export const projectRoomRoutes = new Hono<AppEnv>()
  // Registered before projects.ts's `/:id`, so `mine` is not taken for an id.
  .get('/mine', answers({ 200: myProjectsAnswerSchema }), requireUser, async (c) => {
    const projects = await listMyProjects(c.var.db, c.var.user);
    return c.json({ projects } satisfies MyProjectsAnswer, 200, { 'Cache-Control': 'no-store' });
  })
  .get(
    '/:id/room',
    answers({ 200: projectRoomAnswerSchema }),
    validate('query', proofQuery),
    async (c) => {
      const { submission } = await findRoom({
        ...c.var,
        id: c.req.param('id'),
        proof: c.req.valid('query'),
      });
      const room = await presentRoom({ ...c.var, submission, viewer: 'client' });
      return c.json({ room } satisfies ProjectRoomAnswer, 200, { 'Cache-Control': 'no-store' });
    },
  )
  // "Request changes" (with notes) or "Approve", while a version is in review.
  .post(
    '/:id/room/moves',
    answers({ 200: roomMoveAnswerSchema }),
    validate('query', proofQuery),
    validate('json', clientMoveInputSchema),
    async (c) => {
      const { submission, clientId } = await findRoom({
        ...c.var,
        id: c.req.param('id'),
        proof: c.req.valid('query'),
      });
      const input = c.req.valid('json');
      await moveProject({
        ...c.var,
        submission,
        to: input.to,
        actor: 'client',
        actorId: clientId,
        note: input.to === 'changes_requested' ? input.notes : null,
      });
      const { submission: moved } = await findRoom({
        ...c.var,
        id: submission.id,
        proof: c.req.valid('query'),
      });
      const room = await presentRoom({ ...c.var, submission: moved, viewer: 'client' });
      const message = input.to === 'approved' ? m.approved : m.changesRequested;
      return c.json({ message, room } satisfies RoomMoveAnswer, 200);
    },
  )
  .post(
    '/:id/room/comments',
    answers({ 201: roomMoveAnswerSchema }),
    validate('query', proofQuery),
    validate('json', roomCommentInputSchema),
    async (c) => {
      const { submission, clientId } = await findRoom({
        ...c.var,
        id: c.req.param('id'),
        proof: c.req.valid('query'),
      });
      await postRoomComment({
        ...c.var,
        submission,
        author: 'client',
        authorId: clientId,
        input: c.req.valid('json'),
      });
      const room = await presentRoom({ ...c.var, submission, viewer: 'client' });
      return c.json({ message: m.commentPosted, room } satisfies RoomMoveAnswer, 201);
    },
  )
  // The player's source and the finals' download, by the room's day-long signed URL.
  .get(
    '/:id/room/files/:fileId',
    answers({
      200: roomFile,
      206: roomFile,
      302: { description: 'On S3: the bucket, by a presigned URL.' },
    }),
    downloadRateLimit,
    validate('query', proofQuery),
    async (c) =>
      withRanges(c, async () => {
        const { expires, token } = c.req.valid('query');
        const { download, disposition } = await openRoomFile({
          ...c.var,
          submissionId: c.req.param('id'),
          fileId: c.req.param('fileId'),
          proof: { expires: expires ?? '', token: token ?? '' },
          rangeHeader: c.req.header('range'),
          ifRange: c.req.header('if-range'),
          head: c.req.method === 'HEAD',
        });
        return answerStoredFile(c, download, disposition);
      }),
  )
  // A fresh link by e-mail, for a client whose link expired (the same answer for any address).
  .post(
    '/:id/room-link',
    answers({ 202: messageAnswerSchema }),
    roomLinkRateLimit,
    validate('json', roomLinkRequestSchema),
    async (c) => {
      const answer = await requestRoomLink({
        ...c.var,
        submissionId: c.req.param('id'),
        email: c.req.valid('json').email,
      });
      return c.json(answer, 202);
    },
  );
