// @vitest-environment jsdom
// The tool page's summary states the same totals as the dashboard (lib/dashboard-stats.ts), over completed jobs only.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CompressionSummary } from '#client/components/tool/compression-summary.tsx';
import { formatFileSize } from '#client/lib/format.ts';
import type { Job } from '#contract/api';

afterEach(cleanup);

const job = (id: string, status: Job['status'], originalSize: number, compressedSize: number | null, outputMimeType: string | null = null) =>
  ({ id, status, originalSize, compressedSize, mimeType: 'image/jpeg', outputMimeType }) as Job;

const summary = () =>
  Object.fromEntries([...screen.getByTestId('compression-summary').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));

describe('CompressionSummary', () => {
  it('is not shown until a job completes', () => {
    render(<CompressionSummary jobs={[job('a', 'pending', 1000, null), job('b', 'error', 500, null)]} />);
    expect(screen.queryByTestId('compression-summary')).toBeNull();
  });

  it('totals the completed jobs: count, sizes, saving with its percentage, output formats', () => {
    render(
      <CompressionSummary
        jobs={[
          job('a', 'completed', 1000, 400),
          job('b', 'completed', 3000, 1000, 'image/avif'),
          job('c', 'processing', 5000, null),
          job('d', 'error', 7000, null),
        ]}
      />,
    );
    expect(summary()).toEqual({
      'Files compressed': '2',
      'Original size': formatFileSize(4000),
      'Compressed size': formatFileSize(1400),
      // 2600 of 4000 bytes.
      'Space saved': `${formatFileSize(2600)} (65%)`,
      'Output formats': 'AVIF 1, JPEG 1',
    });
  });
});
