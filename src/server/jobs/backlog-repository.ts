// The SQL the scale-out queue needs to (re)build its Redis view from the jobs table, the source of truth.
import type { Db } from '#server/db/database';

export interface BacklogRow {
  id: string;
  owner_id: string;
  status: string;
}

export class BacklogRepository {
  constructor(private readonly db: Db) {}

  /**
   * Waiting and running jobs of owners that are not paused, each owner's jobs in upload order.
   * The position of a job in its owner's list is its fair-share rank (see bullmq-queue.ts).
   */
  backlog(ownerIds?: string[]): Promise<BacklogRow[]> {
    let q = this.db
      .selectFrom('jobs')
      .leftJoin('owner_queue', 'owner_queue.owner_id', 'jobs.owner_id')
      .select(['jobs.id as id', 'jobs.owner_id as owner_id', 'jobs.status as status'])
      .where('jobs.status', 'in', ['pending', 'processing'])
      .where((eb) => eb.or([eb('owner_queue.paused', 'is', null), eb('owner_queue.paused', '=', 0)]));
    if (ownerIds) {
      if (ownerIds.length === 0) return Promise.resolve([]);
      q = q.where('jobs.owner_id', 'in', ownerIds);
    }
    return q.orderBy('jobs.owner_id').orderBy('jobs.created_at').orderBy('jobs.id').execute();
  }

  async ownersOf(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('jobs').select('owner_id').distinct().where('id', 'in', ids).execute();
    return rows.map((r) => r.owner_id);
  }
}
