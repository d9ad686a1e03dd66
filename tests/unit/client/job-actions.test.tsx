// @vitest-environment jsdom
// Every request that changes the caller's jobs or queue refreshes the same state (invalidateJobState), whether the
// server agrees or refuses; a change of session refreshes it too, with the upload limits. fetch is the stubbed edge.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLogout } from '#client/api/account.ts';
import { useClearJobs, useRemoveJob } from '#client/api/jobs.ts';
import { queryKeys, uploadConfigKey } from '#client/api/keys.ts';
import { useQueueAction } from '#client/api/queue.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const JOB_STATE: QueryKey[] = [queryKeys.jobs, queryKeys.queueStatus, queryKeys.queueStats];

/** The server answers every request with `status`; each request is recorded as "METHOD /path". */
function stubServer(status: number): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(status < 400 ? '{}' : '{"message":"boom"}', { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/** A cache holding the job state, the user, the upload limits and the presets, none of it stale. */
function seededClient(): QueryClient {
  const client = createQueryClient();
  for (const key of [...JOB_STATE, uploadConfigKey(true), queryKeys.presets]) client.setQueryData(key, {});
  client.setQueryData(queryKeys.user, { id: 'u1', email: 'ann@example.com' });
  return client;
}

const stale = (client: QueryClient, keys: QueryKey[]) => keys.map((key) => client.getQueryState(key)?.isInvalidated ?? false);

async function run<V>(client: QueryClient, useAction: () => UseMutationResult<unknown, Error, V>, variables: V) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(useAction, { wrapper });
  act(() => result.current.mutate(variables));
  await waitFor(() => expect(result.current.isPending || result.current.isIdle).toBe(false));
  return result.current;
}

type Action = () => UseMutationResult<unknown, Error, unknown>;

const JOB_ACTIONS = [
  { name: 'removing a job', hook: useRemoveJob as Action, variables: { id: 'job 1' }, request: 'DELETE /api/jobs/job%201' },
  { name: 'clearing the list', hook: useClearJobs as Action, variables: undefined, request: 'DELETE /api/jobs' },
  { name: 'pausing the queue', hook: useQueueAction as Action, variables: 'pause', request: 'POST /api/queue/pause' },
];

describe('actions on the jobs and the queue', () => {
  for (const { name, hook, variables, request } of JOB_ACTIONS) {
    for (const status of [200, 500]) {
      it(`${name} (answered ${status}) refreshes the job list and both queue figures, and nothing else`, async () => {
        const sent = stubServer(status);
        const client = seededClient();
        const outcome = await run(client, hook, variables);
        expect(outcome.isError).toBe(status >= 400);
        expect(sent).toEqual([request]);
        expect(stale(client, JOB_STATE)).toEqual([true, true, true]);
        expect(stale(client, [queryKeys.user, uploadConfigKey(true), queryKeys.presets])).toEqual([false, false, false]);
      });
    }
  }
});

describe('a change of session', () => {
  it('signing out forgets the user and refreshes the job state and the upload limits', async () => {
    const sent = stubServer(200);
    const client = seededClient();
    const onSignedOut = vi.fn();
    await run(client, () => useLogout(onSignedOut), undefined);
    expect(sent).toEqual(['POST /api/logout']);
    expect(client.getQueryData(queryKeys.user)).toBeNull();
    expect(stale(client, [...JOB_STATE, uploadConfigKey(true)])).toEqual([true, true, true, true]);
    expect(stale(client, [queryKeys.presets])).toEqual([false]);
    expect(onSignedOut).toHaveBeenCalledOnce();
  });
});
