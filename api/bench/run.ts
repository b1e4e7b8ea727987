/**
 * pnpm bench: benchmarks of the API and the site, each figure beside a baseline measured in the
 * same run on the same machine (these machines are noisy; absolute figures mean little). Prints
 * the table and, when every bench ran, writes it to docs/benchmarks.md.
 *
 *   pnpm bench                     every bench (builds the site first)
 *   pnpm bench reads lighthouse    only those (printed, docs/benchmarks.md left alone)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminBench } from './admin.ts';
import { blastBench } from './blast.ts';
import { downloadBench } from './download.ts';
import { exportBench } from './export.ts';
import { lighthouseBench } from './lighthouse.ts';
import { middlewareCostBench } from './middleware-cost.ts';
import { previewBench } from './preview.ts';
import { publicReadsBench } from './public-reads.ts';
import type { BenchResult } from './result.ts';
import { uploadBench } from './upload.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const benches: Record<string, () => Promise<BenchResult | string>> = {
  middleware: middlewareCostBench,
  reads: publicReadsBench,
  lighthouse: lighthouseBench,
  upload: uploadBench,
  download: downloadBench,
  preview: previewBench,
  admin: adminBench,
  blast: blastBench,
  export: exportBench,
};

const asked = process.argv.slice(2).filter((a) => a !== '--');
for (const name of asked) {
  if (!(name in benches)) {
    process.stderr.write(
      `unknown bench "${name}"; choose from ${Object.keys(benches).join(', ')}\n`,
    );
    process.exit(2);
  }
}
const chosen = asked.length > 0 ? asked : Object.keys(benches);

if (chosen.includes('lighthouse')) {
  process.stderr.write('bench: building the site\n');
  execFileSync('pnpm', ['--filter', '@studio/site', 'build'], { cwd: root, stdio: 'ignore' });
}

const started = new Date();
const results: BenchResult[] = [];
for (const name of chosen) {
  process.stderr.write(`bench: ${name}\n`);
  const result = await benches[name]?.();
  if (result === undefined) continue;
  // A bench not yet converted to rows prints its own lines.
  results.push(
    typeof result === 'string'
      ? { title: result.split('\n')[0] ?? name, rows: [], text: result }
      : result,
  );
}

const cell = (s: string) => s.replaceAll('|', '\\|');
const verdict = (met: boolean | null) => (met === null ? '' : met ? 'met' : 'MISSED');
function table(result: BenchResult & { text?: string }): string {
  if (result.text) return `\`\`\`\n${result.text}\n\`\`\``;
  const lines = [
    '| figure | value | baseline (same run) | ratio | target | |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of result.rows) {
    lines.push(
      `| ${cell(r.name)} | ${cell(r.value)} | ${cell(r.baseline)} | ${r.ratio === null ? '' : r.ratio.toFixed(2)} | ${cell(r.target)} | ${verdict(r.met)} |`,
    );
    if (r.note) lines.push(`| | ${cell(r.note)} | | | | |`);
  }
  return lines.join('\n');
}

const cpus = os.cpus();
const machine = `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const body = results.map((r) => `## ${r.title}\n\n${table(r)}\n`).join('\n');
process.stdout.write(`\n${body}`);
const missed = results.flatMap((r) => r.rows.filter((row) => row.met === false));
process.stdout.write(
  `\n${missed.length === 0 ? 'every target met' : `${missed.length} target(s) missed`}\n`,
);

if (asked.length === 0) {
  const doc = [
    '# Benchmarks',
    '',
    `Written by \`pnpm bench\` on ${started.toISOString()} (${machine}).`,
    'Each figure stands beside a baseline measured in the same run on the same machine; read',
    'the ratios, not the absolute numbers. A missed target says why in the row under it.',
    '',
    body,
  ].join('\n');
  const file = path.join(root, 'docs/benchmarks.md');
  writeFileSync(file, doc);
  // In the repository's Markdown style (`pnpm lint` checks it).
  execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], {
    cwd: root,
    stdio: 'ignore',
  });
  process.stdout.write('written to docs/benchmarks.md\n');
}
