// The Help page's status card, from the server's own readiness check rather than a hard-coded "Operational"
// (docs/decisions/0550, 0596): GET /api/health/ready, the probe that looks at the database, the queue and storage
// (0541), read as it answers: ready or not, and which dependency failed or which phase the server is in.
import { useQuery } from '@tanstack/react-query';
import type { DependencyCheck, Readiness } from '#contract/health';

export type ServiceState = 'operational' | 'unavailable' | 'unreachable';

export interface ServiceStatus {
  state: ServiceState;
  /** Why the server is not ready, from its answer ("Storage: not writable (EACCES)", "Shutting down"). */
  reason: string | null;
  checkedAt: number;
}

export const READINESS_PATH = '/api/health/ready';

const PHASE_REASON: Partial<Record<Readiness['status'], string>> = { starting: 'Starting up', draining: 'Shutting down' };
const DEPENDENCY_NAME: Record<keyof Readiness['checks'], string> = { database: 'Database', queue: 'Job queue', storage: 'Storage' };

/**
 * What a readiness answer says. Ready only on a 2xx whose body says `status: "ready"`; otherwise the reason is the
 * phase (starting, draining) or each failed dependency with the server's message, and null when the body gives none.
 */
export function readinessOf(ok: boolean, body: unknown): { ready: boolean; reason: string | null } {
  const b = (body && typeof body === 'object' ? body : {}) as Partial<Readiness>;
  if (ok && b.status === 'ready') return { ready: true, reason: null };
  const phase = typeof b.status === 'string' && Object.hasOwn(PHASE_REASON, b.status) ? PHASE_REASON[b.status] : undefined;
  if (phase) return { ready: false, reason: phase };
  const checks = (b.checks ?? {}) as Record<string, Partial<DependencyCheck> | undefined>;
  const failed = Object.entries(DEPENDENCY_NAME).flatMap(([name, label]) => {
    const check = checks[name];
    return check?.ok === false ? [`${label}: ${typeof check.message === 'string' ? check.message : 'not available'}`] : [];
  });
  return { ready: false, reason: failed.length > 0 ? failed.join('; ') : null };
}

export async function fetchServiceStatus(fetcher: typeof fetch = fetch): Promise<ServiceStatus> {
  let res: Response;
  try {
    res = await fetcher(READINESS_PATH, { cache: 'no-store', credentials: 'omit' });
  } catch {
    return { state: 'unreachable', reason: null, checkedAt: Date.now() };
  }
  const body: unknown = await res.json().catch(() => null);
  const { ready, reason } = readinessOf(res.ok, body);
  return { state: ready ? 'operational' : 'unavailable', reason, checkedAt: Date.now() };
}

/** Checked when the page opens and again every minute while it stays open. */
export const useServiceStatus = () =>
  useQuery({ queryKey: ['service-status'], queryFn: () => fetchServiceStatus(), refetchInterval: 60_000, staleTime: 0 });

/** The liveness probe: answers while the server process runs, whatever its dependencies (0541). */
export const LIVENESS_PATH = '/api/health/live';

/**
 * Whether our server answers at all. `navigator.onLine` is false on a machine with no network but its own, where a
 * server on localhost still answers (a self-hosted instance used offline); only a request tells.
 */
export async function serverAnswers(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    // Any answer, even a refusal, means the network reaches it: the upload then says what the server says.
    await fetcher(LIVENESS_PATH, { method: 'GET', cache: 'no-store', credentials: 'omit' });
    return true;
  } catch {
    return false;
  }
}
