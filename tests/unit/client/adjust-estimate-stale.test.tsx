// @vitest-environment jsdom
// While Adjust waits for the answer to new settings, the answer on screen is an earlier setting's: it keeps that
// setting's wording and the box says it is busy, so nobody (person or test) reads "Smart picked quality 80" off an
// answer made in quality mode.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { Estimate } from '#contract/api';
import type { EstimateFrom, EstimateRequest } from '#client/api/estimate.ts';
import { AdjustEstimate, type EstimateSettings } from '#client/components/tool/adjust-estimate.tsx';
import { aJob } from '../../support/job-fixture';

afterEach(cleanup);

/** An estimate source the test answers by hand, one request at a time. */
function answeredByHand() {
  const pending: { request: EstimateRequest; answer: (e: Estimate) => void }[] = [];
  const from: EstimateFrom = (_id, request) => new Promise((resolve) => pending.push({ request, answer: resolve }));
  const answerNext = (quality: number) => {
    const next = pending.shift()!;
    next.answer({ outputFormat: 'jpeg', outputMimeType: 'image/jpeg', estimatedSize: 40_000, keepsOriginal: false, quality, targetMet: null, sampled: true, width: 768, height: 512, region: next.request.region!, preview: '' } as Estimate);
    return next.request;
  };
  return { from, answerNext, waiting: () => pending.length };
}

describe('Adjust estimate while new settings are being estimated', () => {
  it('keeps the earlier answer worded for its own mode, marked busy, until the new answer is in', async () => {
    const source = answeredByHand();
    const job = aJob({ id: 'job-1', originalWidth: 768, originalHeight: 512, originalSize: 600_000 });
    const settings = (mode: EstimateSettings['mode']): EstimateSettings => ({ quality: 80, format: 'jpeg', mode, maxWidth: null, maxHeight: null });
    const client = new QueryClient();
    const ui = (mode: EstimateSettings['mode']) => (
      <QueryClientProvider client={client}>
        <AdjustEstimate job={job} settings={settings(mode)} estimateFrom={source.from} />
      </QueryClientProvider>
    );
    const view = render(ui('quality'));
    const box = () => view.getByTestId('adjust-estimate');
    const headline = () => view.queryByTestId('adjust-estimate-headline')?.textContent ?? '';

    await waitFor(() => expect(source.waiting()).toBe(1));
    await act(async () => void source.answerNext(80));
    await waitFor(() => expect(box().getAttribute('aria-busy')).toBe('false'));
    expect(headline()).toMatch(/^Quality 80 · /);

    // Smart chosen: until its answer arrives, the quality-mode answer stays worded as such and the box is busy.
    view.rerender(ui('smart'));
    expect(box().getAttribute('aria-busy')).toBe('true');
    expect(headline()).toMatch(/^Quality 80 · /);
    await waitFor(() => expect(source.waiting()).toBe(1));
    expect(box().getAttribute('aria-busy')).toBe('true');
    expect(headline()).toMatch(/^Quality 80 · /);

    await act(async () => expect(source.answerNext(71).mode).toBe('smart'));
    await waitFor(() => expect(box().getAttribute('aria-busy')).toBe('false'));
    expect(headline()).toMatch(/^Smart picked quality 71 · /);
  });
});
