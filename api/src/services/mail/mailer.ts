import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; path: string; contentType: string }[];
}

export interface Mailer {
  /** Resolves once the message was accepted by the SMTP server (or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Pooled SMTP when `SMTP_URL` is set. Otherwise each message is written as an `.eml` file under
 * `$DATA_DIR/outbox` and logged, so the default set-up needs no mail server and loses nothing.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: Logger,
  timeouts: { connectMs: number; socketMs: number } = { connectMs: 5_000, socketMs: 15_000 },
): Mailer {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      pool: true,
      maxConnections: 5,
      // A server that is down or silent fails within seconds, not the defaults' 2 to 10 min.
      connectionTimeout: timeouts.connectMs,
      greetingTimeout: timeouts.connectMs,
      socketTimeout: timeouts.socketMs,
      // The pool would otherwise send a message again on a new connection when the first one
      // closed mid-send, which may mail it twice: the caller decides (see mail-error-kind.ts).
      maxRequeues: 0,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
      },
      async close() {
        transport.close();
      },
    };
  }
  const outbox = path.join(env.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outbox, name);
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    async close() {},
  };
}
