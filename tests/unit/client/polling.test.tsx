// @vitest-environment jsdom
// Polling adapts to the work in the list: an idle page makes no requests, one with a pending or processing job polls.
// Time is vitest's fake clock, so half a minute passes without waiting; fetch, the true outside edge, is stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { jobsQueryOptions, POLL_MS, pollInterval } from '#client/api/jobs.ts';
import { useQueueStatus } from '#client/api/queue.ts';
import { createQueryClient } from '#client/lib/query-client.ts';

const job = (status: string) => ({ id: `job-${status}`, status });
const IDLE_LISTS = [undefined, [], [job('completed')], [job('error'), job('completed')]];

/**
 * The server as fetch sees it: each URL answers its next scripted body (the last one repeats), `lateMs[url]` of fake
 * time after it is asked. Every ask is recorded in order.
 */
function stubServer(script: Record<string, unknown[]>, lateMs: Record<string, number> = {}): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const answers = script[url] ?? [];
    const served = asked.filter((u) => u === url).length;
    asked.push(url);
    const body = answers[Math.min(served, answers.length - 1)] ?? {};
    if (lateMs[url]) await new Promise((resolve) => setTimeout(resolve, lateMs[url]));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const count = (asked: string[], url: string) => asked.filter((u) => u === url).length;

/** Lets `ms` of fake time pass, with every timer, request and render it sets off. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  // Only the clocks: React and the test library keep their real microtask and immediate scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the polling rule', () => {
  it('never polls a list with nothing pending or processing', () => {
    for (const jobs of IDLE_LISTS) expect(pollInterval(jobs as never), JSON.stringify(jobs)).toBe(false);
  });

  it('polls at the given period while any job is pending or processing', () => {
    expect(pollInterval([job('completed'), job('pending')] as never)).toBe(POLL_MS);
    expect(pollInterval([job('processing')] as never, 5000)).toBe(5000);
  });
});

describe('the job list', () => {
  const watch = (interval?: number) => {
    const client = createQueryClient();
    return new QueryObserver(client, jobsQueryOptions(interval)).subscribe(() => {});
  };

  it('is fetched once and then never again while it is idle', async () => {
    const asked = stubServer({ '/api/jobs': [[job('completed')]] });
    const stop = watch();
    await elapse(30_000);
    expect(asked).toEqual(['/api/jobs']);
    stop();
  });

  it('is polled while a job waits or runs, and not once more after the list turns idle', async () => {
    const asked = stubServer({ '/api/jobs': [[job('pending')], [job('processing')], [job('processing')], [job('completed')]] });
    const stop = watch();
    await elapse(0);
    expect(count(asked, '/api/jobs')).toBe(1);
    await elapse(3 * POLL_MS);
    expect(count(asked, '/api/jobs')).toBe(4); // the fourth answer is idle
    await elapse(30_000);
    expect(count(asked, '/api/jobs')).toBe(4);
    stop();
  });

  it('polls at the period it is given (the dashboard asks for 5 s)', async () => {
    const asked = stubServer({ '/api/jobs': [[job('pending')]] });
    const stop = watch(5000);
    await elapse(0);
    await elapse(4999);
    expect(count(asked, '/api/jobs')).toBe(1);
    await elapse(1);
    expect(count(asked, '/api/jobs')).toBe(2);
    stop();
  });
});

describe('the queue figures', () => {
  const render = () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    return renderHook(() => useQueueStatus(), { wrapper });
  };

  it('are fetched once on an idle page and never again', async () => {
    const asked = stubServer({ '/api/jobs': [[]], '/api/queue/status': [{ pending: 0 }] });
    render();
    await elapse(30_000);
    expect(asked.sort()).toEqual(['/api/jobs', '/api/queue/status']);
  });

  it('are polled while jobs are active, fetched once more when they settle, then left alone', async () => {
    // The figures answer half a second late, so their polls (2 s after each answer) never coincide with the list's.
    const asked = stubServer(
      {
        '/api/jobs': [[job('pending')], [job('processing')], [job('completed')]],
        '/api/queue/status': [{ pending: 1 }, { processing: 1 }, { completed: 1 }],
      },
      { '/api/queue/status': 500 },
    );
    const { result } = render();
    await elapse(3000); // the list at 0 s and 2 s, the figures at 0 s and 2.5 s
    expect([count(asked, '/api/jobs'), count(asked, '/api/queue/status')]).toEqual([2, 2]);
    // At 4 s the list's answer is idle: polling stops, and the figures are fetched once more, so the last shown are final.
    await elapse(1000);
    expect(count(asked, '/api/jobs')).toBe(3);
    await elapse(500);
    expect(count(asked, '/api/queue/status')).toBe(3);
    await elapse(30_000);
    expect([count(asked, '/api/jobs'), count(asked, '/api/queue/status')]).toEqual([3, 3]);
    expect(result.current.data).toEqual({ completed: 1 });
  });
});
