import { newsletterMessages as nm } from '@studio/shared/messages/newsletter';
import { type SuccessAnswer, successAnswerSchema } from '@studio/shared/schemas/answers';
import { newsletterSchema } from '@studio/shared/schemas/contact';
import { singleLine } from '@studio/shared/schemas/text';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { ApiError } from '../lib/api-error.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { validate } from '../lib/validate.ts';
import { answers } from '../openapi/answers.ts';
import { layout } from '../services/mail/templates/layout.ts';
import { checkConfirmLink } from '../services/newsletter/check-confirm-link.ts';
import { confirmSubscription } from '../services/newsletter/confirm-subscription.ts';
import { subscribe } from '../services/newsletter/subscribe.ts';
import { unsubscribe } from '../services/newsletter/unsubscribe.ts';
import { newsletterRateLimit } from '../services/rate-limit/limit-by-ip.ts';

const linkQuery = z.object({
  email: singleLine('email').max(254).default(''),
  token: singleLine('token').max(200).default(''),
});

/** The query of a confirmation link (services/newsletter/confirm-url.ts). */
const confirmQuery = z.object({
  email: singleLine('email').max(254).default(''),
  expires: singleLine('expires').max(20).default(''),
  token: singleLine('token').max(200).default(''),
});

function page(title: string, body: string) {
  return layout(title, body);
}

const message = (text: string) => `<p style="font-size:14px">${escapeHtml(text)}</p>`;

/** The mail links' pages, for a person (a refused link is a page too, with 400). */
const askingPage = answers({
  200: { mediaType: 'text/html', description: 'A page asking to confirm, with its button.' },
});
const donePage = answers({
  200: { mediaType: 'text/html', description: 'A page saying it is done.' },
});

/** Mounted under /api/contact, where the spec puts the newsletter. */
export const newsletterRoutes = new Hono<AppEnv>()
  // Double opt-in (decision 025): the same answer whatever the address was (new, pending,
  // subscribed or unsubscribed), so it tells nobody who is subscribed; a confirmation mail goes
  // to the address, and only its owner's confirmation subscribes it.
  .post(
    '/newsletter',
    answers({ 200: successAnswerSchema }),
    validate('json', newsletterSchema),
    newsletterRateLimit,
    async (c) => {
      await subscribe({ ...c.var, email: c.req.valid('json').email });
      return c.json(
        { success: true as const, message: nm.subscribed } satisfies SuccessAnswer,
        200,
      );
    },
  )
  // The confirmation mail's link: a page asking to confirm, so link scanners confirm nobody.
  .get('/newsletter/confirm', askingPage, validate('query', confirmQuery), (c) => {
    const { email, expires, token } = c.req.valid('query');
    try {
      checkConfirmLink({ secret: c.var.secret, email, expires, token });
    } catch (error) {
      if (error instanceof ApiError) {
        return c.html(page(nm.confirmTitle, message(error.message)), 400);
      }
      throw error;
    }
    const action = `?${new URLSearchParams({ email, expires, token })}`;
    return c.html(
      page(
        nm.confirmTitle,
        `${message(nm.confirmQuestion(email))}
<form method="post" action="${escapeHtml(action)}">
<button type="submit" style="padding:8px 16px;font-size:14px">${escapeHtml(nm.confirmButton)}</button></form>`,
      ),
      200,
    );
  })
  .post('/newsletter/confirm', donePage, validate('query', confirmQuery), async (c) => {
    const { email, expires, token } = c.req.valid('query');
    try {
      await confirmSubscription({ ...c.var, email, expires, token });
    } catch (error) {
      if (error instanceof ApiError) {
        return c.html(page(nm.confirmTitle, message(error.message)), 400);
      }
      throw error;
    }
    return c.html(page(nm.confirmTitle, message(nm.confirmed)), 200);
  })
  // The link in every mail: a page asking to confirm, so link scanners unsubscribe nobody.
  .get('/unsubscribe', askingPage, validate('query', linkQuery), (c) => {
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
  .post('/unsubscribe', donePage, validate('query', linkQuery), async (c) => {
    const { email, token } = c.req.valid('query');
    try {
      await unsubscribe({ db: c.var.db, secret: c.var.secret, email, token });
    } catch (error) {
      if (error instanceof ApiError) {
        return c.html(page('Unsubscribe', `<p>${escapeHtml(error.message)}</p>`), 400);
      }
      throw error;
    }
    return c.html(page('Unsubscribe', `<p>${escapeHtml(nm.unsubscribed)}</p>`), 200);
  });
