// Helper programs the codec runs (libjxl's cjxl, djxl and jxlinfo) are processes of their own: their memory is not
// the codec process's, and a file can make them allocate far more than its header suggests (a JPEG XL animation
// decodes every frame). So every helper runs under an address-space limit set by util-linux's `prlimit` before it
// starts: past it, its allocations fail and it ends, whatever the file says. The codec process's memory watch counts
// its helpers with it (sandbox/memory-watch.ts). A helper that ran out of its memory is reported as the memory limit,
// not as a damaged file (docs/decisions/0533-helper-processes-inside-the-memory-plan.md).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { CODEC_MEMORY_LIMIT_BYTES } from '#contract/limits';
import { memoryLimitError } from './errors';

const PRLIMIT = '/usr/bin/prlimit';

/** A helper may map at most what its codec process may hold: the watch ends the two together past that. */
export const HELPER_ADDRESS_SPACE_BYTES = CODEC_MEMORY_LIMIT_BYTES;

/** Whether helpers can be held to a limit here; without `prlimit` none is run (their formats are then unavailable). */
export const helperLimitAvailable = (): boolean => fs.existsSync(PRLIMIT);

export interface HelperOptions {
  signal?: AbortSignal;
  /** The helper's address-space limit in bytes. */
  addressSpaceBytes?: number;
  /** Its output on stdout is wanted (at most this many bytes). */
  maxStdoutBytes?: number;
}

/**
 * Signs that a helper ran out of the memory it may use: libjxl's allocation checks (`JXL_CHECK: bytes_.get()` and
 * friends end it with SIGILL), C++'s std::bad_alloc (SIGABRT), or the C library's ENOMEM text.
 */
const OUT_OF_MEMORY = /bytes_\.get\(\)|bad_alloc|out of memory|cannot allocate|failed to allocate|allocation fail/i;
/** Signals an allocation failure ends these programs with (a trap, an abort, a null pointer followed). */
const CRASH_SIGNALS = new Set(['SIGILL', 'SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGTRAP']);

/** A helper's failure other than running out of memory, what it said, and what it wrote before failing. */
export class HelperFailed extends Error {
  constructor(
    readonly tool: string,
    readonly detail: string,
    readonly stdout: string,
  ) {
    super(`${tool} failed: ${detail}`);
    this.name = 'HelperFailed';
  }
}

/**
 * Runs `tool` with `args` under the address-space limit; resolves with its stdout. Fails with the memory-limit
 * CodecError when the helper ran out of memory, with HelperFailed for any other failure (the caller decides what a
 * failure of its tool means), and with the abort's own error when `signal` ended it.
 */
export function runHelper(tool: string, args: readonly string[], options: HelperOptions = {}): Promise<string> {
  const limit = options.addressSpaceBytes ?? HELPER_ADDRESS_SPACE_BYTES;
  return new Promise((resolve, reject) => {
    execFile(
      PRLIMIT,
      [`--as=${limit}`, '--', tool, ...args],
      { signal: options.signal, maxBuffer: options.maxStdoutBytes ?? 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (options.signal?.aborted || error.name === 'AbortError') return reject(error);
        const signal = (error as { signal?: NodeJS.Signals | null }).signal ?? null;
        // A process that ends on a crash signal under its limit, or says it could not allocate, hit the limit.
        const outOfMemory = OUT_OF_MEMORY.test(stderr) || (signal !== null && CRASH_SIGNALS.has(signal));
        if (outOfMemory) return reject(memoryLimitError(limit));
        const detail = (stderr.trim().split('\n').pop() ?? '') || (signal ?? `exit code ${String(error.code)}`);
        reject(new HelperFailed(tool, detail, stdout));
      },
    );
  });
}
