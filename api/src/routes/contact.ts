import { contactMessages } from '@studio/shared/messages/contact';
import { contactSchema } from '@studio/shared/schemas/contact';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { contactRateLimit } from '../middleware/rate-limits.ts';
import { sendContactMessage } from '../services/contact/send-contact-message.ts';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', contactSchema),
  contactRateLimit,
  async (c) => {
    await sendContactMessage({ ...c.var, input: c.req.valid('json') });
    return c.json({ success: true as const, message: contactMessages.sent }, 201);
  },
);
