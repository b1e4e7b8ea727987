/**
 * What every benchmark returns: figures beside the baseline measured in the same run, so
 * `pnpm bench` can print them and write `docs/benchmarks.md` (see run.ts).
 */
export interface BenchRow {
  /** What was measured, e.g. "GET /api/products req/s". */
  name: string;
  /** The figure, as text with its unit ("1,234 req/s", "48.2 ms"). */
  value: string;
  /** The baseline from the same run, as text ("bare Hono route 30,000 req/s"), or "" when none. */
  baseline: string;
  /** value / baseline where that means something, else null. */
  ratio: number | null;
  /** The target in words (">= 0.5 of baseline", "< 50 ms"), or "" when the row is information. */
  target: string;
  /** Whether the target is met; null for information rows. */
  met: boolean | null;
  /** Why a target is missed, or anything a reader needs to judge the figure. */
  note?: string;
}

export interface BenchResult {
  /** The benchmark's name and set-up in one line ("upload: 10 files x 100 MB in one request"). */
  title: string;
  rows: BenchRow[];
  /** Free text printed instead of rows (a bench that reports lines of its own). */
  text?: string;
}

export const MB = 1024 * 1024;

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
