// The server as tests that move time start it: the production entry point (src/server/main.ts) with an offset clock
// injected. Only this file reads TEST_CLOCK_OFFSET_MS (a fixed offset) and TEST_CLOCK_OFFSET_FILE (a file holding the
// offset, rewritten by the test while the server runs); the production configuration has no such setting.
import { ConfigError, loadConfig } from '#server/config';
import { createLogger } from '#server/logger';
import { createDeps, StartupError } from '#server/container';
import { runRole } from '#server/roles';
import { offsetClock } from './offset-clock';

try {
  const config = loadConfig();
  const clock = offsetClock(Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0), process.env.TEST_CLOCK_OFFSET_FILE || undefined);
  await runRole(config, await createDeps(config, createLogger(config.logLevel), { clock }));
} catch (err) {
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('Failed to start:', err);
  process.exit(1);
}
