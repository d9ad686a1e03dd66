// Composition root: reads the config once, builds the database, storage, queue and codec, and starts the roles.
import { ConfigError, loadConfig } from './config';
import { startServer, StartupError } from './server';

try {
  const config = loadConfig();
  await startServer(config);
} catch (err) {
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('Failed to start:', err);
  process.exit(1);
}
