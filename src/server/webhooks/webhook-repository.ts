// Every SQL statement about webhooks, their deliveries and attempts. Queries that serve a caller are scoped to the
// owner; the dispatcher's queries claim deliveries with a lease so several workers never send one at the same time.
import { sql } from 'kysely';
import type { Db } from '#server/db/database';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow, WebhooksTable, WebhookDeliveriesTable } from '#server/db/schema';
import type { Insertable } from 'kysely';

export class WebhookRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<WebhooksTable>, jobIds: string[] = []): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('webhooks').values(row).execute();
      if (jobIds.length > 0) await tx.insertInto('webhook_jobs').values(jobIds.map((job_id) => ({ webhook_id: row.id, job_id }))).execute();
    });
  }

  listByOwner(ownerId: string): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  /**
   * Inserts an endpoint unless its owner already has `max`; false when refused. The owner's user row is locked
   * first (a no-op update), so simultaneous registrations count one after another instead of all seeing room for
   * one more (PostgreSQL holds the row lock to commit; SQLite runs one write transaction at a time).
   */
  async insertEndpointWithin(row: Insertable<WebhooksTable>, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ id: row.owner_id }).where('id', '=', row.owner_id).execute();
      const { n } = await tx
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', row.owner_id)
        .where('kind', '=', 'endpoint')
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await tx.insertInto('webhooks').values(row).execute();
      return true;
    });
  }

  findOwned(id: string, ownerId: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  }

  findById(id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes the webhook with its deliveries and attempts (pending ones are never sent). */
  async deleteOwned(id: string, ownerId: string): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const owned = await tx.selectFrom('webhooks').select('id').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
      if (!owned) return false;
      await deleteWebhooks(tx, [id]);
      return true;
    });
  }

  /** Endpoints of the job's owner subscribed to the event and registered before it happened, plus the job's callbacks. */
  async targetsFor(jobId: string, ownerId: string, event: string, happenedAt: number): Promise<WebhookRow[]> {
    const endpoints = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('kind', '=', 'endpoint')
      .where('created_at', '<=', happenedAt)
      .execute();
    const callbacks = await this.db
      .selectFrom('webhooks')
      .innerJoin('webhook_jobs', 'webhook_jobs.webhook_id', 'webhooks.id')
      .selectAll('webhooks')
      .where('webhook_jobs.job_id', '=', jobId)
      .execute();
    return [...endpoints, ...callbacks].filter((w) => w.events.split(',').includes(event));
  }

  /** One row per (webhook, job, revision): a second call for the same event is a no-op, so enqueueing is idempotent. */
  async insertDeliveries(rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(rows)
      .onConflict((oc) => oc.columns(['webhook_id', 'job_id', 'revision']).doNothing())
      .execute();
  }

  /**
   * Final jobs (finished since `since`) that some webhook should have heard about and has no delivery for: events
   * lost when a worker stopped between finishing a job and recording its deliveries.
   */
  async missedEvents(since: number, limit: number): Promise<string[]> {
    const rows = await sql<{ id: string }>`
      select distinct j.id from jobs j
      join webhooks w on (w.kind = 'endpoint' and w.owner_id = j.owner_id and w.created_at <= j.completed_at)
        or (w.kind = 'callback' and exists (select 1 from webhook_jobs wj where wj.webhook_id = w.id and wj.job_id = j.id))
      where j.status in ('completed', 'error') and j.completed_at >= ${since}
        and not exists (select 1 from webhook_deliveries d where d.webhook_id = w.id and d.job_id = j.id and d.revision = j.revision)
      limit ${limit}`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }

  dueDeliveries(now: number, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /** Takes the delivery until `leaseUntil` if nobody holds it; true when this caller got it. */
  async claim(id: string, now: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an attempt and the delivery's new state in one transaction. */
  async recordAttempt(attempt: WebhookAttemptRow, outcome: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: number }): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('webhook_attempts').values(attempt).execute();
      await tx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: outcome.status,
          attempt_count: eb('attempt_count', '+', 1),
          next_attempt_at: outcome.nextAttemptAt,
          lease_until: null,
          delivered_at: outcome.status === 'delivered' ? attempt.attempted_at : null,
        }))
        .where('id', '=', attempt.delivery_id)
        .execute();
    });
  }

  deliveriesOf(webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  attemptsOf(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('attempted_at').execute();
  }

  /** Retention: deliveries whose retry window is long over, and callbacks past their time. */
  async prune(deliveriesBefore: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const old = tx.selectFrom('webhook_deliveries').select('id').where('created_at', '<', deliveriesBefore);
      await tx.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
      await tx.deleteFrom('webhook_deliveries').where('created_at', '<', deliveriesBefore).execute();
      const expired = await tx.selectFrom('webhooks').select('id').where('expires_at', '<', now).execute();
      await deleteWebhooks(tx, expired.map((w) => w.id));
    });
  }
}

/** Children first: SQLite enforces the foreign keys, and PostgreSQL's cascade would do the same work. */
async function deleteWebhooks(tx: Pick<Db, 'deleteFrom' | 'selectFrom'>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const deliveries = tx.selectFrom('webhook_deliveries').select('id').where('webhook_id', 'in', ids);
  await tx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
  await tx.deleteFrom('webhook_deliveries').where('webhook_id', 'in', ids).execute();
  await tx.deleteFrom('webhook_jobs').where('webhook_id', 'in', ids).execute();
  await tx.deleteFrom('webhooks').where('id', 'in', ids).execute();
}
