// Every key of the client's query cache, and the one refresh that follows any change to the caller's jobs or queue.
// A key is the request path: the default query function (lib/query-client.ts) GETs its parts joined with '/'.
import type { QueryClient } from '@tanstack/react-query';

export const queryKeys = {
  /** The signed-in user, null for a guest. */
  user: ['/api/user'],
  jobs: ['/api/jobs'],
  queueStatus: ['/api/queue/status'],
  queueStats: ['/api/queue/stats'],
  /** Prefix of both audiences' limits (uploadConfigKey); invalidating it refreshes either. */
  uploadConfig: ['/api/upload-config'],
  presets: ['/api/compression-presets'],
  apiKeys: ['/api/keys'],
  usage: ['/api/usage'],
} as const;

/** Keyed by signed-in state, so signing in or out never shows the other audience's limits. */
export const uploadConfigKey = (isAuthenticated: boolean) => [...queryKeys.uploadConfig, isAuthenticated ? 'user' : 'guest'] as const;

/** What an upload, a removal, a queue action or a new session changes: the job list and both queue figures. */
const JOB_STATE_KEYS = [queryKeys.jobs, queryKeys.queueStatus, queryKeys.queueStats] as const;

/**
 * Fetches the job list and the queue figures again (those on screen at once, the rest when next shown). It is also
 * what restarts polling after an idle spell: the fresh list shows the new work, and work is what turns polling on.
 */
export async function invalidateJobState(client: QueryClient): Promise<void> {
  await Promise.all(JOB_STATE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}
