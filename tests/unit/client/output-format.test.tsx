// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { JobCard } from '#client/components/tool/job-card.tsx';
import { FORMAT_STORAGE_KEY, initialSettings, loadStoredFormat, storeFormat } from '#client/components/tool/settings.ts';
import { autoDecisionText, outputFormatCounts, outputFormatText, resultFilename } from '#client/lib/output-format.ts';
import type { Job } from '#contract/api';
import { aJob } from '../../support/job-fixture';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const job: Job = aJob({
  filename: 'logo.png',
  originalSize: 10_000,
  compressedSize: 4_000,
  outputFormat: 'jpeg',
  previewPath: null,
  outputMimeType: 'image/jpeg',
  flattenedOnto: '#3366cc',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
});
const noop = () => undefined;

describe('output format on the page', () => {
  it('reads as the conversion, the requested format before completion, or the kept format', () => {
    expect(outputFormatText(job)).toBe('PNG → JPEG');
    expect(outputFormatText({ ...job, outputMimeType: null, outputFormat: 'auto' })).toBe('PNG → Auto');
    expect(outputFormatText({ ...job, outputMimeType: 'image/png', outputFormat: 'original' })).toBe('PNG');
    expect(resultFilename(job)).toBe('logo.jpg');
  });

  it('explains Auto\'s choice with every candidate\'s size', () => {
    const text = autoDecisionText({
      winner: 'avif',
      keptOriginal: false,
      candidates: [
        { format: 'png', bytes: 10_000, original: true },
        { format: 'webp', bytes: 3_000 },
        { format: 'avif', bytes: 2_048 },
      ],
      skipped: [],
    });
    expect(text).toBe('Auto chose AVIF (2 KB) over WebP 2.9 KB, original PNG 9.8 KB.');
  });

  it('counts completed results per output format, most first', () => {
    const jobs = [job, { ...job, outputMimeType: 'image/avif' }, { ...job, outputMimeType: 'image/avif' }, { ...job, status: 'pending' as const }];
    expect(outputFormatCounts(jobs)).toBe('AVIF 2, JPEG 1');
  });

  it('the card shows the format and that transparency was flattened, in which colour', () => {
    render(<JobCard job={job} onDownload={noop} onCompare={noop} onRemove={noop} />);
    expect(screen.getByTestId('output-format').textContent).toBe('PNG → JPEG');
    expect(screen.getByTestId('flattened-note').textContent).toContain('#3366cc');
    expect(screen.queryByTestId('larger-note')).toBeNull();
  });

  it('the card says so when a requested conversion came out larger', () => {
    render(<JobCard job={{ ...job, compressedSize: 12_000, flattenedOnto: null }} onDownload={noop} onCompare={noop} onRemove={noop} />);
    expect(screen.getByTestId('saving').textContent).toBe('Larger');
    expect(screen.getByTestId('larger-note')).toBeTruthy();
    expect(screen.queryByTestId('flattened-note')).toBeNull();
  });
});

describe('the format choice is remembered', () => {
  it('round-trips through localStorage and starts from it', () => {
    expect(loadStoredFormat()).toBeNull();
    storeFormat({ format: 'avif', background: '#000000' });
    expect(loadStoredFormat()).toEqual({ format: 'avif', background: '#000000', autoFor: 'web' });
    expect(initialSettings()).toMatchObject({ format: 'avif', background: '#000000', quality: 80 });
  });

  it('ignores damaged or unknown stored values', () => {
    localStorage.setItem(FORMAT_STORAGE_KEY, '{not json');
    expect(loadStoredFormat()).toBeNull();
    localStorage.setItem(FORMAT_STORAGE_KEY, JSON.stringify({ format: 'gif', background: '#fff' }));
    expect(loadStoredFormat()).toBeNull();
    localStorage.setItem(FORMAT_STORAGE_KEY, JSON.stringify({ format: 'webp', background: 'nonsense' }));
    expect(loadStoredFormat()).toEqual({ format: 'webp', background: '#ffffff', autoFor: 'web' });
  });
});
