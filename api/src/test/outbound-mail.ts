import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { outboundMail } from '../db/schema/outbound-mail.ts';

/** A transactional mail the server refused for good, which an admin may send again; its id. */
export async function failedMail(db: Db) {
  const unique = () => randomBytes(4).toString('hex');
  const [row] = await db
    .insert(outboundMail)
    .values({
      key: `contact-notice:test-${unique()}`,
      purpose: 'contact-notice',
      subjectId: unique(),
      toAddress: 'hello@studio.local',
      message: { to: 'hello@studio.local', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' },
      status: 'failed',
      lastError: '550 Mailbox unavailable',
    })
    .returning({ id: outboundMail.id });
  if (!row) throw new Error('no mail row');
  return row.id;
}
