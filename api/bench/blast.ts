import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { serveSmtp } from '../src/test/serve-smtp.ts';
import { type BenchResult, fmt, MB } from './result.ts';
import { benchAdmin, signInBenchAdmin, startBenchServer } from './server.ts';

const RECIPIENTS = 5000;
const BASELINE = 1000;

/** A local SMTP server that accepts and counts messages, keeping none. */
async function countingSmtp() {
  let received = 0;
  const { url, close } = await serveSmtp((_to, _session, done) => {
    received += 1;
    done();
  });
  return { url, close, count: () => received };
}

/**
 * A blast to 5,000 recipients at a local SMTP server: messages per second against a baseline of
 * nodemailer's pooled transport sending straight to the same server in the same run, and the
 * API's peak resident-memory growth.
 */
export async function blastBench(): Promise<BenchResult> {
  const smtp = await countingSmtp();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-blast-'));
  try {
    // Baseline: the fastest this machine sends these messages, with no database or API.
    const transport = nodemailer.createTransport({
      url: smtp.url,
      pool: true,
      maxConnections: 5,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const baseStarted = performance.now();
    await Promise.all(
      Array.from({ length: BASELINE }, (_, i) =>
        transport.sendMail({
          from: 'bench@example.com',
          to: `base${i}@example.com`,
          subject: 'News',
          text: 'Hello',
          html: '<p>Hello</p>',
        }),
      ),
    );
    const baseRate = BASELINE / ((performance.now() - baseStarted) / 1000);
    transport.close();

    const server = await startBenchServer({
      DATA_DIR: dir,
      SMTP_URL: smtp.url,
      BLAST_RATE: '1000',
      ...benchAdmin,
    });
    try {
      const token = await signInBenchAdmin(server.url);
      const auth = { Authorization: `Bearer ${token}` };
      const idle = server.rss();
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, server.rss());
      }, 20);
      const before = smtp.count();
      const form = new FormData();
      form.set(
        'emails',
        Array.from({ length: RECIPIENTS }, (_, i) => `fan${i}@example.com`).join('\n'),
      );
      form.set('subject', 'Bench news');
      form.set('message', 'New services and special offers.');
      const started = performance.now();
      const res = await fetch(`${server.url}/api/events/admin/send-email-blast`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const body = (await res.json()) as { blastId: string };
      if (res.status !== 200 && res.status !== 202)
        throw new Error(`blast answered ${res.status}: ${JSON.stringify(body)}`);
      for (;;) {
        const progress = (await (
          await fetch(`${server.url}/api/admin/email-blasts/${body.blastId}`, { headers: auth })
        ).json()) as {
          blast: { status: string };
        };
        if (progress.blast.status === 'done') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const sent = smtp.count() - before;
      const rate = sent / seconds;
      const ratio = rate / baseRate;
      const growth = (peak - idle) / MB;
      return {
        title: `blast: ${fmt(RECIPIENTS)} recipients to a local SMTP server (BLAST_RATE=1000, the highest allowed)`,
        rows: [
          {
            name: 'blast throughput (POST to done)',
            value: `${fmt(rate)} messages/s (${fmt(sent)} received in ${fmt(seconds, 1)} s)`,
            baseline: `direct pooled nodemailer ${fmt(baseRate)} messages/s`,
            ratio,
            target: '>= 0.5 of direct nodemailer',
            met: ratio >= 0.5,
          },
          {
            name: 'API peak RSS growth during the blast',
            value: `${fmt(growth, 1)} MB`,
            baseline: `idle ${fmt(idle / MB)} MB, peak ${fmt(peak / MB)} MB`,
            ratio: null,
            target: '',
            met: null,
          },
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
