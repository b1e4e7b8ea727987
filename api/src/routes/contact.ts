import { messages } from '@studio/shared/messages';
import { contactSchema } from '@studio/shared/schemas/contact';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { clientIp } from '../lib/client-ip.ts';
import { validate } from '../lib/validate.ts';
import { sendContactMessage } from '../services/contact/send-contact-message.ts';
import { limitByIp } from '../services/rate-limit/limit-by-ip.ts';

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', contactSchema),
  async (c) => {
    const { db, env } = c.var;
    await limitByIp({
      db,
      action: 'contact',
      ip: clientIp(c),
      perHour: env.CONTACT_RATE_LIMIT_PER_HOUR,
      message: messages.contact.tooMany,
    });
    await sendContactMessage({ ...c.var, input: c.req.valid('json') });
    return c.json({ success: true as const, message: messages.contact.sent }, 201);
  },
);
