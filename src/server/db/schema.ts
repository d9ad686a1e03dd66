// Table types. Timestamps are epoch milliseconds (bigint in PostgreSQL, integer in SQLite); flags are 0/1.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  status: string;
  original_size: number;
  compressed_size: number | null;
  original_width: number | null;
  original_height: number | null;
  compressed_width: number | null;
  compressed_height: number | null;
  quality: number;
  compression_type: string;
  error: string | null;
  attempts: Generated<number>;
  available_at: number;
  lease_until: number | null;
  lease_token: string | null;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  expires_at: number;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  owner_queue: OwnerQueueTable;
  auth_throttle: AuthThrottleTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;
