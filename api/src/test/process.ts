import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAnswersFrom } from './contract.ts';

// The process tests import their wait from here beside `startApi`.
export { until } from './until.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  url: string;
  exited: Promise<number | null>;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Runs `node --import tsx <script>` from the api folder with `env` on top of a clean environment,
 * as `pnpm start` does. One process: the `tsx` command would put a parent in front that relays
 * signals, and SIGKILLs the child when it has not acknowledged a signal within 30 ms, which a
 * loaded machine can miss (exit 130, embedded PostgreSQL left running).
 */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => out, exited };
}

/** Starts the API (`src/index.ts`) and waits for its "listening" log line. */
export async function startApi(env: Record<string, string>, timeoutMs = 60_000): Promise<Running> {
  const run = runScript('src/index.ts', [], { PORT: '0', LOG_LEVEL: 'info', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening" within ${timeoutMs} ms:\n${run.output()}`)),
      timeoutMs,
    );
    const check = () => {
      const match = run.output().match(/"url":"(http:\/\/[^"]+)","msg":"listening"/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    run.child.stdout?.on('data', check);
    run.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${run.output()}`));
    });
  });
  // The test's fetch calls to it are checked against the API's document (test/contract.ts).
  checkAnswersFrom(url);
  return {
    child: run.child,
    output: run.output,
    url,
    exited: run.exited,
    stop: (signal = 'SIGINT') => {
      run.child.kill(signal);
      return run.exited;
    },
  };
}
