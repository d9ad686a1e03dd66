// Composition root: reads the config once, creates the one logger, builds every part (container.ts) and runs the
// process's role (roles.ts) until a signal stops it.
import { assertNodeVersion, NodeVersionError } from './node-version';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { createDeps, StartupError } from './container';
import { runRole } from './roles';

try {
  // Before anything loads the native SQLite driver, which crashes silently on an older Node.
  assertNodeVersion();
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  await runRole(config, await createDeps(config, log));
} catch (err) {
  if (err instanceof ConfigError || err instanceof StartupError || err instanceof NodeVersionError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('Failed to start:', err);
  process.exit(1);
}
