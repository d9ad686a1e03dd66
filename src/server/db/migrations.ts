// Schema migrations, written with Kysely's schema builder so the same code runs on SQLite and PostgreSQL.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on the current table types */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('profile_image_url', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('guest_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('mime_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('original_size', 'bigint', (c) => c.notNull())
        .addColumn('compressed_size', 'bigint')
        .addColumn('original_width', 'integer')
        .addColumn('original_height', 'integer')
        .addColumn('compressed_width', 'integer')
        .addColumn('compressed_height', 'integer')
        .addColumn('quality', 'integer', (c) => c.notNull())
        .addColumn('compression_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('available_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('lease_token', 'varchar(36)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('completed_at', 'bigint')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_owner_created').on('jobs').columns(['owner_id', 'created_at']).execute();
      await db.schema.createIndex('jobs_status_available').on('jobs').columns(['status', 'available_at']).execute();
      await db.schema.createIndex('jobs_expires_at').on('jobs').column('expires_at').execute();

      await db.schema
        .createTable('owner_queue')
        .addColumn('owner_id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  // Admission counts a guest's waiting jobs per client address (docs/decisions/0120-admission-counts-runnable-work.md).
  '0002_admission_guest_address': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('guest_address', 'varchar(64)').execute();
      await db.schema.createIndex('jobs_guest_address_status').on('jobs').columns(['guest_address', 'status']).execute();
      await db.schema.createIndex('jobs_owner_status').on('jobs').columns(['owner_id', 'status']).execute();
    },
  },
  // API keys (decision 0260): the secret is stored only as its SHA-256; the prefix is what the owner sees.
  '0002_api_keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('prefix', 'varchar(32)', (c) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
    },
  },
  // Fair-use counters (decision 0262): one row per subject and window, incremented atomically by an upsert.
  '0002_api_usage': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_usage')
        .addColumn('bucket', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('api_usage_expires_at').on('api_usage').column('expires_at').execute();
    },
  },
  // Output formats (WebP, AVIF, Auto): the request's format settings live on the row, since queue messages carry
  // only job ids and a retry must redo the same work; the result columns say what was produced and why.
  '0002_output_format': {
    async up(db: Kysely<any>) {
      const columns: [string, 'varchar(16)' | 'varchar(32)' | 'varchar(64)' | 'text', boolean][] = [
        ['output_format', 'varchar(16)', true],
        ['background', 'varchar(16)', false],
        ['candidate_formats', 'varchar(64)', false],
        ['output_mime_type', 'varchar(32)', false],
        ['flattened_onto', 'varchar(16)', false],
        ['format_decision', 'text', false],
      ];
      for (const [name, type, required] of columns) {
        await db.schema
          .alterTable('jobs')
          .addColumn(name, type, (c) => (required ? c.notNull().defaultTo('original') : c))
          .execute();
      }
    },
  },
  // Control (docs/decisions/0280): how each job's quality is chosen, its resize bounds and metadata policy live on
  // the row like the format settings; `revision` counts re-tunes; the result columns say what was chosen.
  '0003_control': {
    async up(db: Kysely<any>) {
      const add = (name: string, type: 'varchar(16)' | 'integer' | 'bigint', build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c) =>
        db.schema.alterTable('jobs').addColumn(name, type, build).execute();
      await add('mode', 'varchar(16)', (c) => c.notNull().defaultTo('quality'));
      await add('target_size', 'bigint');
      await add('allow_resize', 'integer', (c) => c.notNull().defaultTo(0));
      await add('max_width', 'integer');
      await add('max_height', 'integer');
      await add('metadata', 'varchar(16)', (c) => c.notNull().defaultTo('strip'));
      await add('revision', 'integer', (c) => c.notNull().defaultTo(1));
      await add('chosen_quality', 'integer');
      await add('target_met', 'integer');
    },
  },
  // Smart mode (docs/decisions/0282): the score the chosen result reached.
  '0004_perceptual_score': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('perceptual_score', 'real').execute();
    },
  },
  // Webhooks (docs/decisions/0360): endpoints with their signing secret encrypted, the batches a callback URL
  // covers, and one durable row per event and endpoint with every attempt, so deliveries survive restarts.
  '0005_webhooks': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('owner_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'varchar(64)', (c) => c.notNull())
        .addColumn('description', 'varchar(200)')
        .addColumn('secret_encrypted', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('webhooks_owner').on('webhooks').columns(['owner_id', 'kind']).execute();
      await db.schema
        .createTable('webhook_jobs')
        .addColumn('webhook_id', 'varchar(36)', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_jobs_pk', ['webhook_id', 'job_id'])
        .execute();
      await db.schema.createIndex('webhook_jobs_job').on('webhook_jobs').column('job_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('webhook_id', 'varchar(36)', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('event', 'varchar(32)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .addUniqueConstraint('webhook_deliveries_once', ['webhook_id', 'job_id', 'revision'])
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('delivery_id', 'varchar(64)', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('attempted_at', 'bigint', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute();
    },
  },
  // Animated uploads (docs/decisions/0402): the result's frame count.
  '0400_animation_frames': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('animation_frames', 'integer').execute();
    },
  },
  // What the SVG sanitiser removed from an upload, for the job's note (docs/decisions/0500).
  '0500_svg_removed': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('svg_removed', 'text').execute();
    },
  },
  // Request ids (docs/decisions/0542): a job remembers the upload request that made it; a webhook delivery carries it.
  '0540_request_ids': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('request_id', 'varchar(128)').execute();
      await db.schema.alterTable('webhook_deliveries').addColumn('request_id', 'varchar(128)').execute();
    },
  },
  // What a result left out or cut short (docs/decisions/0515-result-notes.md): said in the job's note.
  '0510_result_note': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('result_note', 'text').execute();
    },
  },
  // A job's input header, read once at intake (docs/decisions/0606): the codec pool plans its memory from it.
  '0606_input_header': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('input_header', 'text').execute();
    },
  },
  // The About page's figures (docs/decisions/0550): running totals that outlive the jobs the retention sweep deletes.
  '0550_instance_totals': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('instance_totals')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
/* eslint-enable @typescript-eslint/no-explicit-any */

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
