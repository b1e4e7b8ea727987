import { authMessages } from '@studio/shared/messages/auth';
import { eventMessages } from '@studio/shared/messages/events';
import { messageAnswerSchema } from '@studio/shared/schemas/admin-answers';
import { adminEventAnswerSchema, adminEventListSchema } from '@studio/shared/schemas/admin-events';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { answers, fits } from '../openapi/answers.ts';
import { createEvent } from '../services/events/create-event.ts';
import { deleteEvent } from '../services/events/delete-event.ts';
import { listAllEvents } from '../services/events/list-all-events.ts';
import { updateEvent } from '../services/events/update-event.ts';

/** The signed-in admin (requireAdmin in app.ts guards the whole prefix; this only narrows the type). */
function actorId(c: Context<AppEnv>) {
  if (!c.var.user) throw new ApiError('UNAUTHORIZED', authMessages.notSignedIn);
  return c.var.user.id;
}

/**
 * The multipart body as a stream. Read from the socket when served by Node: no web-stream copy,
 * and a client that goes away surfaces as an error at once.
 */
function upload(c: Context<AppEnv>) {
  return {
    body: c.env?.incoming ?? c.req.raw.body,
    contentType: c.req.header('content-type') ?? '',
  };
}

/** The spec's admin event calls, mounted at /api/events/admin (guarded by requireAdmin in app.ts). */
export const adminEventRoutes = new Hono<AppEnv>()
  .get('/', answers({ 200: adminEventListSchema }), async (c) =>
    c.json(fits(adminEventListSchema, { events: await listAllEvents({ db: c.var.db }) }), 200),
  )
  .post('/', answers({ 201: adminEventAnswerSchema }), async (c) => {
    const event = await createEvent({ ...c.var, ...upload(c), actorId: actorId(c) });
    return c.json(fits(adminEventAnswerSchema, { event, message: eventMessages.created }), 201);
  })
  .put('/:id', answers({ 200: adminEventAnswerSchema }), async (c) => {
    const id = c.req.param('id');
    const event = await updateEvent({ ...c.var, ...upload(c), id, actorId: actorId(c) });
    return c.json(fits(adminEventAnswerSchema, { event, message: eventMessages.updated }), 200);
  })
  .delete('/:id', answers({ 200: messageAnswerSchema }), async (c) => {
    await deleteEvent({ ...c.var, id: c.req.param('id'), actorId: actorId(c) });
    return c.json(fits(messageAnswerSchema, { message: eventMessages.deleted }), 200);
  });
