// The Redis side of the scale-out queue's bookkeeping (bullmq-queue.ts): jobs added with their fair-share rank as
// priority, and the reconciler's pass that adds pending rows Redis lost and corrects ranks that drifted.
import { Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BacklogRow } from './backlog-repository';
import type { SyncReport } from './reconciler';

export const QUEUE_NAME = 'compress';
/** BullMQ's largest priority (2^21); ranks past it share the last place. */
const MAX_PRIORITY = 2_097_152;

export interface JobData {
  ownerId: string;
}

/** Adds rows as BullMQ jobs whose ids are the rows' ids (adding one twice is a no-op), with their rank as priority. */
export async function addJobs<Q extends Queue<JobData, unknown>>(queue: Q, rows: (BacklogRow & { priority?: number })[]): Promise<void> {
  if (rows.length === 0) return;
  await queue.addBulk(
    rows.map((r) => ({
      name: QUEUE_NAME,
      data: { ownerId: r.owner_id },
      opts: { jobId: r.id, priority: Math.min(r.priority ?? 1, MAX_PRIORITY) },
    })),
  );
}

/** One reconcile pass on the Redis side: add missing pending rows, correct drifted ranks. */
export async function syncRedisBacklog<Q extends Queue<JobData, unknown>>(queue: Q, redis: Redis, backlog: BacklogRow[]): Promise<SyncReport> {
    const ranked = rank(backlog).filter((r) => r.status === 'pending');
    if (ranked.length === 0) return { added: 0, reranked: 0 };
    const pipeline = redis.pipeline();
    for (const r of ranked) {
      pipeline.exists(queue.toKey(r.id));
      pipeline.zscore(queue.keys.prioritized!, r.id);
    }
    const replies = (await pipeline.exec()) ?? [];
    const missing: BacklogRow[] = [];
    let reranked = 0;
    for (const [i, r] of ranked.entries()) {
      const [existsErr, exists] = replies[2 * i] ?? [];
      const [, score] = replies[2 * i + 1] ?? [];
      if (existsErr) throw existsErr;
      if (!exists) {
        missing.push(r);
        continue;
      }
      // Only jobs still waiting in the prioritized set are re-ranked; a score is priority * 2^32 + FIFO counter.
      if (typeof score !== 'string') continue;
      const current = Math.floor(Number(score) / 0x100000000);
      if (current === r.priority) continue;
      const job = await Job.fromId(queue, r.id);
      if (!job) continue;
      await job.changePriority({ priority: r.priority }).catch(() => undefined);
      reranked++;
    }
    if (missing.length) await addJobs(queue, missing);
    return { added: missing.length, reranked };
  }

/** Gives each row its 1-based position among its owner's rows (rows arrive grouped by owner, in order). */
export function rank(rows: BacklogRow[]): (BacklogRow & { priority: number })[] {
  let owner: string | undefined;
  let n = 0;
  return rows.map((r) => {
    n = r.owner_id === owner ? n + 1 : 1;
    owner = r.owner_id;
    return { ...r, priority: n };
  });
}

/** Resolves true if `p` settles within `ms`, false otherwise; rejections count as settled. */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
