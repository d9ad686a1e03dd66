// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { JobMetrics } from '../../../src/client/components/tool/comparison/job-metrics';
import type { Job } from '../../../src/contract/api';

afterEach(cleanup);

const job: Job = {
  id: 'j1',
  filename: 'photo.jpg',
  status: 'completed',
  originalSize: 2048,
  compressedSize: 1024,
  originalWidth: 100,
  originalHeight: 50,
  compressedWidth: 100,
  compressedHeight: 50,
  compressionQuality: 90,
  compressionType: 'high',
  compressedPath: '/api/download/j1',
  previewPath: '/api/jobs/j1/preview?v=1',
  mimeType: 'image/jpeg',
  outputFormat: 'webp',
  outputMimeType: 'image/webp',
  flattenedOnto: null,
  formatDecision: null,
  mode: 'quality',
  targetSize: null,
  allowResize: false,
  maxWidth: null,
  maxHeight: null,
  metadata: 'strip',
  revision: 1,
  chosenQuality: null,
  targetMet: null,
  error: null,
  createdAt: new Date().toISOString(),
  completedAt: new Date().toISOString(),
  expiresAt: new Date().toISOString(),
};

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
