// Enforces the memory bound of a busy codec process from outside it. libvips, oxipng and the quality check
// allocate native and JavaScript memory that no in-process limit (V8's heap size, say) covers, so the parent reads
// the child's resident set from /proc while it works and ends it past the bound: one image can cost its own job,
// never the machine's memory. The helper programs a codec process runs (cjxl, djxl) are counted with it: its bound is
// its whole process tree's (docs/decisions/0533-helper-processes-inside-the-memory-plan.md).
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

/** The processes `pid` started, and theirs, from /proc (every thread's `children` list): empty when none or gone. */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const visit = (parent: number) => {
    let threads: string[];
    try {
      threads = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const thread of threads) {
      let children = '';
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${thread}/children`, 'latin1');
      } catch {
        continue;
      }
      for (const child of children.split(' ').filter(Boolean).map(Number)) {
        if (found.includes(child)) continue;
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** The resident set of a process and every process below it, in bytes, or null when the process is gone. */
export function treeResidentBytes(pid: number): number | null {
  const own = residentBytes(pid);
  if (own === null) return null;
  return descendants(pid).reduce((sum, child) => sum + (residentBytes(child) ?? 0), own);
}

/** Ends a process and every process below it (SIGKILL): a helper must not outlive the codec process that ran it. */
export function killTree(pid: number): void {
  // Listed first: once the parent is gone its children belong to init and are no longer found under it.
  const below = descendants(pid);
  for (const target of [pid, ...below]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Calls `onBreach` once if the resident set of the process and its helpers goes over `limitBytes`; returns the
 * function that stops watching.
 */
export function watchMemory(pid: number, limitBytes: number, onBreach: (rssBytes: number) => void): () => void {
  const timer = setInterval(() => {
    const rss = treeResidentBytes(pid);
    if (rss !== null && rss > limitBytes) {
      clearInterval(timer);
      onBreach(rss);
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
