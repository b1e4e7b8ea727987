import { contactMessages } from '@studio/shared/messages/contact';
import { type SuccessAnswer, successAnswerSchema } from '@studio/shared/schemas/answers';
import { contactSchema } from '@studio/shared/schemas/contact';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { answers } from '../openapi/answers.ts';
import { sendContactMessage } from '../services/contact/send-contact-message.ts';
import { contactRateLimit } from '../services/rate-limit/limit-by-ip.ts';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  answers({ 201: successAnswerSchema }),
  validate('json', contactSchema),
  contactRateLimit,
  async (c) => {
    await sendContactMessage({ ...c.var, input: c.req.valid('json') });
    return c.json(
      { success: true as const, message: contactMessages.sent } satisfies SuccessAnswer,
      201,
    );
  },
);
