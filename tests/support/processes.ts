// Process inspection for fault tests and benchmarks, read from /proc so it needs no extra tools on the machine.
import fs from 'node:fs';

/**
 * The fields of a /proc `stat` file after the command name (which is in parentheses and may contain spaces):
 * index 0 is the state, 1 the parent pid, 11/12 user/system time, 13/14 reaped children's, 16 the niceness.
 */
export function statFields(statPath: string): string[] {
  const stat = fs.readFileSync(statPath, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Pids whose parent is `pid` (the server's codec processes). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(`/proc/${entry}/stat`)[1]) === pid) children.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return children;
}

/** The niceness of every thread of a process. */
export function threadNiceness(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]));
}

/**
 * Whether a process still runs. A zombie (exited, not yet reaped) counts as gone: an orphaned child is reaped by
 * whatever runs as pid 1, and in some containers that never happens.
 */
export function isAlive(pid: number): boolean {
  try {
    return statFields(`/proc/${pid}/stat`)[0] !== 'Z';
  } catch {
    return false;
  }
}
