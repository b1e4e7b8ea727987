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
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    log.info({ signal }, 'signal received');
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
