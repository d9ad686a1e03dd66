// Table types. Timestamps are epoch milliseconds (bigint in PostgreSQL, integer in SQLite); flags are 0/1.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { JobStatus } from '#contract/api';
import type { CompressionMode, CompressionType, MetadataPolicy } from '#contract/settings';
import type { DeliveryStatus, WebhookEvent, WebhookKind } from '#contract/webhooks';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  user_id: string | null;
  /** Owner id of the anonymous guest this browser was before (or still is). */
  guest_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface JobsTable {
  id: string;
  owner_id: string;
  filename: string;
  mime_type: string;
  status: JobStatus;
  original_size: number;
  compressed_size: number | null;
  original_width: number | null;
  original_height: number | null;
  compressed_width: number | null;
  compressed_height: number | null;
  quality: number;
  compression_type: CompressionType;
  error: string | null;
  attempts: Generated<number>;
  available_at: number;
  lease_until: number | null;
  lease_token: string | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  expires_at: number;
  /** Client address of a guest's upload (counted against the per-address guest ceiling); null for users. */
  guest_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** Requested output: original | jpeg | png | webp | avif | auto. */
  output_format: Generated<string>;
  /** '#rrggbb' for flattening transparency (JPEG output); null means white. */
  background: string | null;
  /** Auto's candidates, comma-separated; null means every format. */
  candidate_formats: string | null;
  /** Set on completion: the result's MIME type. */
  output_mime_type: string | null;
  /** Set on completion when transparency was flattened: the colour it was flattened onto. */
  flattened_onto: string | null;
  /** Set on completion of an Auto job: JSON of the contract's FormatDecision. */
  format_decision: string | null;
  mode: Generated<CompressionMode>;
  /** `size` mode's target in bytes. */
  target_size: number | null;
  /** 0/1: `size` mode may downscale. */
  allow_resize: Generated<number>;
  max_width: number | null;
  max_height: number | null;
  metadata: Generated<MetadataPolicy>;
  /** 1, plus one per re-tune. */
  revision: Generated<number>;
  /** Set on completion: the quality used (null: lossless or original kept). */
  chosen_quality: number | null;
  /** Set on completion in size mode: 0/1. */
  target_met: number | null;
  /** Set on completion in smart mode: the result's SSIMULACRA 2 score. */
  perceptual_score: number | null;
  /** An animated result's frame count; null for a still image. */
  animation_frames: number | null;
  /** Set on completion of an SVG upload: what the sanitiser removed, by name, comma-separated; null when nothing. */
  svg_removed: string | null;
  /** The X-Request-Id of the upload that made the job (its codec log lines and webhook deliveries carry it). */
  request_id: string | null;
  /** Set on completion: what the result left out or cut short that the user asked for (codec notes), or null. */
  result_note: string | null;
  /** JSON of the upload's header (format, size, pixels with every frame) as read at intake; null when unreadable or older. */
  input_header: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OwnerQueueTable {
  owner_id: string;
  paused: number;
  updated_at: number;
}

export interface AuthThrottleTable {
  key: string;
  window_start: number;
  failures: number;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The visible start of the key (e.g. isq_live_AbC12345), shown in lists so owners can tell keys apart. */
  prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface ApiUsageTable {
  /** Subject and window, e.g. "key:<id>:minute:29430000" or "user:<id>:month:2026-11". */
  bucket: string;
  count: number;
  /** After this the window is over and the row may be deleted. */
  expires_at: number;
}

export interface WebhooksTable {
  id: string;
  /** The user (never a guest) the endpoint belongs to. */
  owner_id: string;
  kind: WebhookKind;
  url: string;
  /** Comma-separated WebhookEvent names. */
  events: string;
  description: string | null;
  /** The signing secret, AES-256-GCM encrypted (webhooks/secret-box.ts); needed in clear to sign, so not hashed. */
  secret_encrypted: string;
  created_at: number;
  /** Callbacks only: removed after this (their jobs and retries are over by then). */
  expires_at: number | null;
}

export interface WebhookJobsTable {
  webhook_id: string;
  job_id: string;
}

export interface WebhookDeliveriesTable {
  /** The Standard Webhooks message id (msg_…), the same on every attempt. */
  id: string;
  webhook_id: string;
  job_id: string;
  /** The job's revision the event is about: a re-tuned job sends its events again. */
  revision: number;
  event: WebhookEvent;
  /** The exact JSON body, fixed when the event happened so every attempt signs and sends the same bytes. */
  payload: string;
  status: DeliveryStatus;
  attempt_count: Generated<number>;
  next_attempt_at: number;
  /** Held by the worker sending it until then; another may take it over afterwards. */
  lease_until: number | null;
  created_at: number;
  delivered_at: number | null;
  /** The request id of the job's upload, sent as X-Request-Id with every attempt. */
  request_id: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Running totals of this instance (the About page's figures): images compressed, bytes saved. */
export interface InstanceTotalsTable {
  name: string;
  value: number;
}

export interface Database {
  instance_totals: InstanceTotalsTable;
  webhooks: WebhooksTable;
  webhook_jobs: WebhookJobsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  api_keys: ApiKeysTable;
  api_usage: ApiUsageTable;
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  owner_queue: OwnerQueueTable;
  auth_throttle: AuthThrottleTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
