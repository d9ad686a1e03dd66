// Process inspection for fault tests, read from /proc so it needs no extra tools on the machine.
import fs from 'node:fs';

/** Pids whose parent is `pid` (the server's codec processes). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // Fields after the command name, which is in parentheses and may contain spaces: state, ppid, ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
