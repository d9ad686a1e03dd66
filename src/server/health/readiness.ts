// Readiness: may this process be sent traffic now? Each dependency it needs (database, queue backend, storage) is
// checked on every call, bounded in time, and the process must be neither starting nor draining. Liveness is the
// other question (does the process answer at all) and never looks at dependencies, so an outage of the database or
// the object store takes nodes out of rotation instead of getting them restarted
// (docs/decisions/0541-liveness-and-readiness.md).
import type { DependencyCheck, Readiness as ReadinessBody, ReadinessStatus } from '#contract/health';

export type DependencyName = keyof ReadinessBody['checks'];

/** Each throws (or rejects) when its dependency cannot be used; the message returned to probes is `describe`'s. */
export type DependencyProbes = Record<DependencyName, () => Promise<void>>;

/** Where the process is in its life: before it listens, serving, or draining after SIGTERM. */
export type Phase = 'starting' | 'serving' | 'draining';

/** A check that has not answered in this long counts as failed: a probe must not hang on a dead connection. */
const CHECK_TIMEOUT_MS = 3000;

export class Readiness {
  constructor(
    private readonly probes: DependencyProbes,
    private readonly phase: () => Phase,
    private readonly describe: (name: DependencyName, err: unknown) => string,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async report(): Promise<ReadinessBody> {
    const names = Object.keys(this.probes) as DependencyName[];
    const results = await Promise.all(names.map((name) => this.check(name)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!])) as ReadinessBody['checks'];
    const phase = this.phase();
    const status: ReadinessStatus = phase === 'starting' ? 'starting' : phase === 'draining' ? 'draining' : results.every((r) => r.ok) ? 'ready' : 'unavailable';
    return { status, checks };
  }

  private async check(name: DependencyName): Promise<DependencyCheck> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CheckTimeout(this.timeoutMs)), this.timeoutMs);
    });
    try {
      await Promise.race([this.probes[name](), timeout]);
      return { ok: true };
    } catch (err) {
      return { ok: false, message: err instanceof CheckTimeout ? err.message : this.describe(name, err) };
    } finally {
      clearTimeout(timer);
    }
  }
}

class CheckTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
  }
}
