// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { JobMetrics } from '#client/components/tool/comparison/job-metrics.tsx';
import type { Job } from '#contract/api';
import { aJob } from '../../support/job-fixture';

afterEach(cleanup);

const job: Job = aJob({
  filename: 'photo.jpg',
  originalSize: 2048,
  compressedSize: 1024,
  compressionQuality: 90,
  compressionType: 'high',
  mimeType: 'image/jpeg',
  outputFormat: 'webp',
  outputMimeType: 'image/webp',
});

describe('JobMetrics', () => {
  it('names the compression type after the preset it came from, in sentence case; the custom slider is "Custom"', () => {
    const typeOf = (compressionType: Job['compressionType']) => {
      const { unmount } = render(<JobMetrics job={{ ...job, compressionType }} />);
      const text = screen.getByTestId('metric-compression-type').textContent;
      unmount();
      return text;
    };
    expect(typeOf('high')).toBe('High quality');
    expect(typeOf('web')).toBe('Web optimized');
    expect(typeOf('maximum')).toBe('Maximum compression');
    expect(typeOf('standard')).toBe('Custom (standard)');
  });

  it('shows the saving, the space saved and the converted format', () => {
    render(<JobMetrics job={job} />);
    expect(screen.getByTestId('metric-size-reduction').textContent).toBe('50%');
    expect(screen.getByTestId('metric-space-saved').textContent).toBe('1 KB');
    expect(screen.getByTestId('metric-quality-level').textContent).toBe('90% (High)');
    expect(screen.getByTestId('metric-format').textContent).toBe('JPEG → WebP');
  });
});
