// Enforces the memory bound of a busy codec process from outside it. libvips, oxipng and the quality check
// allocate native and JavaScript memory that no in-process limit (V8's heap size, say) covers, so the parent reads
// the child's resident set from /proc while it works and ends it past the bound: one image can cost its own job,
// never the machine's memory.
import fs from 'node:fs';

const CHECK_EVERY_MS = 100;

/** The resident set of a process in bytes, or null when it is gone (or /proc is not there). */
export function residentBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Calls `onBreach` once if the process's resident set goes over `limitBytes`; returns the function that stops watching. */
export function watchMemory(pid: number, limitBytes: number, onBreach: (rssBytes: number) => void): () => void {
  const timer = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss !== null && rss > limitBytes) {
      clearInterval(timer);
      onBreach(rss);
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
