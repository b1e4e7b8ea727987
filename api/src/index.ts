import { EnvError, loadDotEnv, parseEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { startServer } from './server.ts';

loadDotEnv();
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
const log = createLogger(env);

try {
  const server = await startServer(env, log);
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt) {
      // A wrapper (pnpm, tsx) may relay the terminal's Ctrl-C a second time: only a signal sent
      // well after the first means "stop now".
      if (Date.now() - firstSignalAt < 2000) return;
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    firstSignalAt = Date.now();
    log.info({ signal }, 'signal received');
    // stop() keeps to 8 s; should anything hang past that, exit before a supervisor's usual 10 s
    // grace period ends in SIGKILL (what was in flight is recovered at the next start anyway).
    setTimeout(() => {
      log.error('shutdown still running after 9.5 s: exiting now');
      process.exit(1);
    }, 9500).unref();
    server.stop().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
} catch (error) {
  log.fatal({ err: error }, 'start-up failed');
  process.exitCode = 1;
}
