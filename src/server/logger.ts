// Logger for background work (queue, sweeper): JSON lines on stderr, same levels as the HTTP logger.
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export function createLogger(level: string): Logger {
  const threshold = LEVELS.indexOf(level);
  const write = (name: string) => (obj: object, msg: string) => {
    if (LEVELS.indexOf(name) < threshold) return;
    const fields = Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]),
    );
    process.stderr.write(`${JSON.stringify({ level: name, time: Date.now(), msg, ...fields })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
