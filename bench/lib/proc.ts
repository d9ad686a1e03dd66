// Reads a server's memory and CPU time from /proc (Linux only), and samples RSS over time.
// A server compresses in codec processes it starts itself, so memory and CPU are counted over the server
// and its live child processes (plus, for CPU, the children that have already exited).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { childPids, statFields } from '../../tests/support/processes';

export interface ProcMemory {
  /** Resident set size now, bytes: the server plus its codec processes (shared pages counted in each). */
  rss: number;
  /** Peak resident set size over the server process's own life (VmHWM), bytes. */
  hwm: number;
}

function statusKib(pid: number, key: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : NaN;
}

function childRss(pid: number): number {
  let sum = 0;
  for (const child of childPids(pid)) {
    try {
      // A zombie (exited, not yet reaped) has no VmRSS line: it holds no memory.
      const rss = statusKib(child, 'VmRSS');
      if (Number.isFinite(rss)) sum += rss;
    } catch {
      // exited while we looked
    }
  }
  return sum;
}

export function readMemory(pid: number): ProcMemory {
  return { rss: statusKib(pid, 'VmRSS') + childRss(pid), hwm: statusKib(pid, 'VmHWM') };
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * User + system CPU time used so far, in milliseconds. For a process: it, its live children and its exited,
 * reaped children (the codec processes). For a thread (the main thread's id is the pid): that thread alone.
 */
export function cpuTimeMs(pid: number, tid?: number): number {
  const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond();
  if (tid !== undefined) {
    const f = statFields(`/proc/${pid}/task/${tid}/stat`);
    return ms(Number(f[11]) + Number(f[12]));
  }
  const f = statFields(`/proc/${pid}/stat`);
  let ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  for (const child of childPids(pid)) {
    try {
      const c = statFields(`/proc/${child}/stat`);
      ticks += Number(c[11]) + Number(c[12]);
    } catch {
      // exited between listing and reading: its time moves to the parent's reaped-children total
    }
  }
  return ms(ticks);
}

/** CPU use of a process over a window, as a share of one core: the whole process and its main (event-loop) thread. */
export function cpuMeter(pid: number): () => { processCores: number; mainThreadCores: number } {
  const t0 = performance.now();
  const p0 = cpuTimeMs(pid);
  const m0 = cpuTimeMs(pid, pid);
  return () => {
    const elapsed = performance.now() - t0;
    return { processCores: (cpuTimeMs(pid) - p0) / elapsed, mainThreadCores: (cpuTimeMs(pid, pid) - m0) / elapsed };
  };
}

/** Samples VmRSS every few milliseconds; peaks can be read for any window marked with mark(). */
export class RssSampler {
  private readonly samples: { t: number; rss: number }[] = [];
  private readonly marks = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 20,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
  }

  mark(label: string): void {
    this.sample();
    this.marks.set(label, performance.now());
  }

  /** Peak sampled RSS (bytes) between two marks (or from a mark to now). */
  peak(fromMark?: string, toMark?: string): number {
    const from = fromMark ? (this.marks.get(fromMark) ?? -Infinity) : -Infinity;
    const to = toMark ? (this.marks.get(toMark) ?? Infinity) : Infinity;
    let peak = NaN;
    for (const s of this.samples) if (s.t >= from && s.t <= to && !(s.rss <= peak)) peak = s.rss;
    return peak;
  }

  last(): number {
    return this.samples.at(-1)?.rss ?? NaN;
  }

  get sampleCount(): number {
    return this.samples.length;
  }

  private sample(): void {
    try {
      this.samples.push({ t: performance.now(), rss: readMemory(this.pid).rss });
    } catch {
      // The process has exited; keep what we have.
    }
  }
}

/**
 * The kernel's TCP listen-queue counters (network-namespace wide): connections dropped because a listening
 * socket's accept queue was full. Clients then retransmit their SYN after 1 s, 3 s, 7 s..., which shows up as
 * multi-second latencies that no server-side timer sees.
 */
export function listenQueueDrops(): { overflows: number; drops: number } {
  try {
    const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const names = lines[i]!.trim().split(/\s+/);
      const values = lines[i + 1]!.trim().split(/\s+/);
      if (names[0] !== 'TcpExt:') continue;
      const get = (key: string) => Number(values[names.indexOf(key)] ?? NaN);
      return { overflows: get('ListenOverflows'), drops: get('ListenDrops') };
    }
  } catch {
    // Not Linux, or /proc not mounted.
  }
  return { overflows: NaN, drops: NaN };
}
