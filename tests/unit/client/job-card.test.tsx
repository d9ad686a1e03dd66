// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { JobCard } from '#client/components/tool/job-card.tsx';
import type { Job } from '#contract/api';
import { aJob } from '../../support/job-fixture';

afterEach(cleanup);

const baseJob: Job = aJob({
  filename: 'photo.jpg',
  status: 'pending',
  originalSize: 2 * 1024 * 1024,
  compressedSize: null,
  originalWidth: 800,
  originalHeight: 600,
  compressedWidth: null,
  compressedHeight: null,
  compressedPath: null,
  previewPath: null,
  mimeType: 'image/jpeg',
  outputMimeType: null,
  completedAt: null,
  expiresAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
});

const renderCard = (job: Partial<Job>) => {
  const handlers = { onDownload: vi.fn(), onCompare: vi.fn(), onRemove: vi.fn(), onAdjust: vi.fn() };
  render(<JobCard job={{ ...baseJob, ...job }} {...handlers} />);
  return handlers;
};

describe('JobCard', () => {
  it('shows a pending job with a grey badge and a disabled Processing... button', () => {
    renderCard({});
    expect(screen.getByTestId('job-status').textContent).toBe('Pending');
    expect(screen.getByTestId('job-status').className).toMatch(/slate/);
    expect((screen.getByRole('button', { name: /Processing\.\.\./ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Files deleted', { exact: false }).textContent).toMatch(/in 23 h 59 min|in 24 h/);
  });

  it('treats an unknown status as pending', () => {
    renderCard({ status: 'queued' as Job['status'] });
    expect(screen.getByTestId('job-status').textContent).toBe('Pending');
  });

  it('shows processing in yellow with Compressing... and a bar at 75%', () => {
    renderCard({ status: 'processing' });
    expect(screen.getByTestId('job-status').className).toMatch(/yellow/);
    expect(screen.getByText('Compressing...')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('75%');
  });

  it('offers Download and Compare when completed, with sizes and saving', () => {
    const h = renderCard({ status: 'completed', compressedSize: 512 * 1024, compressedPath: '/api/download/j1', previewPath: '/api/jobs/j1/preview?v=1', compressedWidth: 800, compressedHeight: 600 });
    expect(screen.getByTestId('job-status').className).toMatch(/green/);
    expect(screen.getByTestId('compressed-size').textContent).toBe('512 KB');
    expect(screen.getByTestId('saving').textContent).toBe('75%');
    expect(screen.getByText('800 × 600')).toBeTruthy();
    // The card shows the small preview, never the full result.
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/jobs/j1/preview?v=1');
    fireEvent.click(screen.getByRole('button', { name: 'Download photo.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compare photo.jpg' }));
    expect(h.onDownload).toHaveBeenCalledOnce();
    expect(h.onCompare).toHaveBeenCalledOnce();
  });

  it('says an already-optimal file kept its original, in a neutral colour, never a green "Saved 0 %"', () => {
    renderCard({ status: 'completed', compressedSize: baseJob.originalSize, compressedPath: '/api/download/j1', compressedWidth: 800, compressedHeight: 600 });
    expect(screen.getByTestId('already-optimal').textContent).toBe('Already optimised: original kept');
    expect(screen.getByTestId('saving').textContent).toBe('None');
    expect(screen.getByTestId('saving').className).not.toMatch(/green/);
    // The phone row says the same in its one line.
    expect(screen.getByTestId('row-summary').textContent).toBe('2 MB → 2 MB already optimised');
  });

  it('gives phones a one-line summary: sizes and the saving', () => {
    renderCard({ status: 'completed', compressedSize: 512 * 1024, compressedPath: '/api/download/j1', compressedWidth: 800, compressedHeight: 600 });
    expect(screen.getByTestId('row-summary').textContent).toBe('2 MB → 512 KB −75 %');
    expect(screen.queryByTestId('already-optimal')).toBeNull();
  });

  it('shows the error text and Remove on error', () => {
    const h = renderCard({ status: 'error', error: 'Unsupported image' });
    expect(screen.getByTestId('job-status').className).toMatch(/red/);
    expect(screen.getByTestId('job-error').textContent).toBe('Unsupported image');
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(h.onRemove).toHaveBeenCalledOnce();
  });

  it('offers Try other settings on a failed card, handing it the job to re-tune', () => {
    const h = renderCard({ status: 'error', error: 'Lossless JPEG output is only possible for a JPEG upload kept at its own size' });
    fireEvent.click(screen.getByRole('button', { name: 'Try other settings for photo.jpg' }));
    expect(h.onAdjust).toHaveBeenCalledWith(expect.objectContaining({ id: baseJob.id, status: 'error' }));
  });

  it.each([
    [94.2, 'looks identical'],
    [78.3, 'very close'],
    [52, 'visible changes'],
  ])('says a smart score of %f in words, with the number in the tooltip', (score, words) => {
    renderCard({ status: 'completed', compressedSize: 150 * 1024, mode: 'smart', chosenQuality: 72, perceptualScore: score });
    expect(screen.getByTestId('quality').textContent).toBe(`72% (smart, ${words})`);
    expect(screen.getByTestId('quality-verdict').getAttribute('title')).toBe(`SSIMULACRA 2 score ${score.toFixed(1)} (100 = identical)`);
  });

  describe('control', () => {
    const done: Partial<Job> = { status: 'completed', compressedSize: 150 * 1024, compressedPath: '/api/download/j1', completedAt: new Date().toISOString() };

    it('offers Adjust on a finished card and hands it the job', () => {
      const { onAdjust } = renderCard(done);
      fireEvent.click(screen.getByRole('button', { name: 'Adjust photo.jpg' }));
      expect(onAdjust).toHaveBeenCalledWith(expect.objectContaining({ id: 'j1' }));
    });

    it('does not offer Adjust while the job is waiting', () => {
      renderCard({});
      expect(screen.queryByRole('button', { name: /Adjust/ })).toBeNull();
    });

    it('says plainly when size mode could not reach its target, and what quality it chose', () => {
      renderCard({ ...done, mode: 'size', targetSize: 100 * 1024, chosenQuality: 1, targetMet: false });
      expect(screen.getByTestId('quality').textContent).toBe('1% (chosen for 100 KB)');
      expect(screen.getByTestId('target-missed').textContent).toMatch(/Could not get under 100 KB/);
      expect(screen.getByTestId('target-missed').textContent).toMatch(/Allow resizing in Adjust/);
    });

    it('shows no miss when the target was met, lossless mode, and how often the file was adjusted', () => {
      renderCard({ ...done, mode: 'size', targetSize: 200 * 1024, chosenQuality: 74, targetMet: true, revision: 3 });
      expect(screen.queryByTestId('target-missed')).toBeNull();
      expect(screen.getByTestId('revision').textContent).toBe('Adjusted 2 times');
      cleanup();
      renderCard({ ...done, mode: 'lossless' });
      expect(screen.getByTestId('quality').textContent).toBe('Lossless');
    });
  });
});
