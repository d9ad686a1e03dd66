// The Help page's status card reads the readiness probe (GET /api/health/ready) and says what it answers: ready only
// when it says ready, else the phase or each failed dependency with the server's own message.
import { describe, expect, it, vi } from 'vitest';
import type { Readiness } from '#contract/health';
import { fetchServiceStatus, readinessOf } from '#client/api/service-status.ts';

const ALL_OK: Readiness['checks'] = { database: { ok: true }, queue: { ok: true }, storage: { ok: true } };

describe('readinessOf', () => {
  it('is ready only for a 2xx that says ready', () => {
    expect(readinessOf(true, { status: 'ready', checks: ALL_OK })).toEqual({ ready: true, reason: null });
    // An error status never counts as ready, whatever the body says.
    expect(readinessOf(false, { status: 'ready', checks: ALL_OK }).ready).toBe(false);
    // The plain health check's answer is not a readiness answer: reading the wrong endpoint does not pass for ready.
    expect(readinessOf(true, { status: 'ok' })).toEqual({ ready: false, reason: null });
    expect(readinessOf(false, null)).toEqual({ ready: false, reason: null });
  });

  it('names each failed dependency with the server message', () => {
    const body: Readiness = {
      status: 'unavailable',
      checks: { database: { ok: false, message: 'unreachable (ECONNREFUSED)' }, queue: { ok: true }, storage: { ok: false, message: 'not writable (EACCES)' } },
    };
    expect(readinessOf(false, body)).toEqual({ ready: false, reason: 'Database: unreachable (ECONNREFUSED); Storage: not writable (EACCES)' });
    expect(readinessOf(false, { status: 'unavailable', checks: { ...ALL_OK, queue: { ok: false } } }).reason).toBe('Job queue: not available');
  });

  it('says when the server is starting or shutting down', () => {
    expect(readinessOf(false, { status: 'starting', checks: ALL_OK })).toEqual({ ready: false, reason: 'Starting up' });
    expect(readinessOf(false, { status: 'draining', checks: ALL_OK })).toEqual({ ready: false, reason: 'Shutting down' });
    expect(readinessOf(false, { status: 'constructor' }).reason).toBeNull();
  });
});

describe('fetchServiceStatus', () => {
  it('asks the readiness probe, uncached and without cookies', async () => {
    const fetcher = vi.fn(async () => Response.json({ status: 'ready', checks: ALL_OK }));
    const status = await fetchServiceStatus(fetcher as unknown as typeof fetch);
    expect(fetcher).toHaveBeenCalledWith('/api/health/ready', { cache: 'no-store', credentials: 'omit' });
    expect(status.state).toBe('operational');
  });

  it('is unavailable with the reason on a 503, and unreachable when nothing answers', async () => {
    const draining = vi.fn(async () => Response.json({ status: 'draining', checks: ALL_OK }, { status: 503 }));
    expect(await fetchServiceStatus(draining as unknown as typeof fetch)).toMatchObject({ state: 'unavailable', reason: 'Shutting down' });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchServiceStatus(down as unknown as typeof fetch)).toMatchObject({ state: 'unreachable', reason: null });
  });
});
