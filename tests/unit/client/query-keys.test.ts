import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { invalidateJobState, queryKeys, uploadConfigKey } from '#client/api/keys.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const JOB_STATE: QueryKey[] = [queryKeys.jobs, queryKeys.queueStatus, queryKeys.queueStats];
const OTHER_STATE: QueryKey[] = [queryKeys.user, uploadConfigKey(false), uploadConfigKey(true), queryKeys.presets, queryKeys.apiKeys, queryKeys.usage];

/** The server as the browser's fetch sees it: every GET answers `{}`, and each URL asked for is recorded. */
function stubServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

describe('invalidateJobState', () => {
  it('marks the job list and both queue figures stale, and nothing else', async () => {
    const client = createQueryClient();
    for (const key of [...JOB_STATE, ...OTHER_STATE]) client.setQueryData(key, {});

    await invalidateJobState(client);

    expect(JOB_STATE.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    expect(OTHER_STATE.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual(OTHER_STATE.map(() => false));
  });

  it('fetches the job list and the queue figures on screen again, and nothing else', async () => {
    const asked = stubServer();
    const client = createQueryClient();
    // Cached and never stale (the app's default), so showing them fetches nothing until something invalidates them.
    const shown = [...JOB_STATE, queryKeys.user, queryKeys.presets].map((queryKey) => {
      client.setQueryData(queryKey, {});
      return new QueryObserver(client, { queryKey }).subscribe(() => {});
    });
    expect(asked).toEqual([]);

    await invalidateJobState(client);

    expect(asked.sort()).toEqual(['/api/jobs', '/api/queue/stats', '/api/queue/status']);
    shown.forEach((unsubscribe) => unsubscribe());
  });
});
