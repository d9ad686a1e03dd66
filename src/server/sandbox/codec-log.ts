// The codec process's log lines: pino's JSON shape (level number, time, pid, hostname, msg) written by hand, because
// pino itself would add about 15 MiB to every codec process, whose size the memory budget counts
// (memory-estimate.ts), for the one or two lines a request writes.
import os from 'node:os';

/** pino's level numbers, so the server's LOG_LEVEL means the same here. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

export interface CodecLog {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

export function codecLog(level: string, write: (line: string) => void = (line) => process.stdout.write(line)): CodecLog {
  const threshold = LEVELS[level] ?? LEVELS.warn!;
  const base = { pid: process.pid, hostname: os.hostname(), component: 'codec-process' };
  const at = (n: number) => (fields: Record<string, unknown>, msg: string) => {
    if (n < threshold) return;
    write(`${JSON.stringify({ level: n, time: Date.now(), ...base, ...fields, msg })}\n`);
  };
  return { info: at(LEVELS.info!), warn: at(LEVELS.warn!) };
}
