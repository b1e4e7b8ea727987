import { messages } from '@studio/shared/messages';
import { newsletterSchema } from '@studio/shared/schemas/contact';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { validate } from '../lib/validate.ts';
import { escapeHtml, layout } from '../mail/html.ts';
import { newsletterRateLimit } from '../middleware/rate-limits.ts';
import { subscribe } from '../services/newsletter/subscribe.ts';
import { unsubscribe } from '../services/newsletter/unsubscribe.ts';

const linkQuery = z.object({
  email: z.string().max(254).default(''),
  token: z.string().max(200).default(''),
});

function page(title: string, body: string) {
  return layout(title, body);
}

/** Mounted under /api/contact, where the spec puts the newsletter. */
export const newsletterRoutes = new Hono<AppEnv>()
  .post('/newsletter', validate('json', newsletterSchema), newsletterRateLimit, async (c) => {
    const { created } = await subscribe({ ...c.var, email: c.req.valid('json').email });
    return c.json(
      { success: true as const, message: messages.newsletter.subscribed },
      created ? 201 : 200,
    );
  })
  // The link in every mail: a page asking to confirm, so link scanners unsubscribe nobody.
  .get('/unsubscribe', validate('query', linkQuery), (c) => {
    const { email, token } = c.req.valid('query');
    const action = `?${new URLSearchParams({ email, token })}`;
    return c.html(
      page(
        'Unsubscribe',
        `<p style="font-size:14px">Stop sending updates to <strong>${escapeHtml(email)}</strong>?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:8px 16px;font-size:14px">Unsubscribe</button></form>`,
      ),
      200,
    );
  })
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the same URL.
  .post('/unsubscribe', validate('query', linkQuery), async (c) => {
    const { email, token } = c.req.valid('query');
    try {
      await unsubscribe({ db: c.var.db, secret: c.var.secret, email, token });
    } catch (error) {
      if (error instanceof ApiError) {
        return c.html(page('Unsubscribe', `<p>${escapeHtml(error.message)}</p>`), 400);
      }
      throw error;
    }
    return c.html(
      page('Unsubscribe', `<p>${escapeHtml(messages.newsletter.unsubscribed)}</p>`),
      200,
    );
  });
