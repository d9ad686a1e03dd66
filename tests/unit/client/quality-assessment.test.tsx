// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import QualityAssessment from '#client/components/tool/comparison/quality-assessment.tsx';
import type { Job } from '#contract/api';
import { aJob } from '../../support/job-fixture';
import { MESSAGES } from '#contract/messages';

afterEach(cleanup);

const job: Job = aJob({
  compressionQuality: 72,
});

describe('QualityAssessment', () => {
  it('refuses jobs that are not completed', () => {
    render(<QualityAssessment job={{ ...job, status: 'processing', compressedPath: null }} onClose={vi.fn()} />);
    expect(screen.getByText(MESSAGES.comparisonUnavailable)).toBeTruthy();
  });

  it('refuses a completed job without a compressed path, and a missing job', () => {
    const { unmount } = render(<QualityAssessment job={{ ...job, compressedPath: null }} onClose={vi.fn()} />);
    expect(screen.getByText(MESSAGES.comparisonUnavailable)).toBeTruthy();
    unmount();
    render(<QualityAssessment job={null} onClose={vi.fn()} />);
    expect(screen.getByText(MESSAGES.comparisonUnavailable)).toBeTruthy();
  });

  it('shows the metrics with the quality colour', () => {
    render(<QualityAssessment job={job} onClose={vi.fn()} />);
    expect(screen.getByTestId('metric-size-reduction').textContent).toBe('60%');
    expect(screen.getByTestId('metric-space-saved').textContent).toBe('600 Bytes');
    const quality = screen.getByTestId('metric-quality-level').firstElementChild as HTMLElement;
    expect(quality.textContent).toBe('72% (Medium)');
    expect(quality.className).toMatch(/amber/);
    expect(screen.getByTestId('metric-compression-type').textContent).toBe('Web optimized');
  });

  it('moves the divider with the keyboard and keeps the slider in step', () => {
    render(<QualityAssessment job={job} onClose={vi.fn()} />);
    const divider = screen.getByRole('slider', { name: 'Comparison divider' });
    expect(divider.getAttribute('aria-valuenow')).toBe('50');
    expect(divider.getAttribute('aria-valuemin')).toBe('0');
    expect(divider.getAttribute('aria-valuemax')).toBe('100');
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    fireEvent.keyDown(divider, { key: 'ArrowRight' });
    expect(divider.getAttribute('aria-valuenow')).toBe('52');
    fireEvent.keyDown(divider, { key: 'Home' });
    expect(divider.getAttribute('aria-valuenow')).toBe('0');
    const range = screen.getByLabelText('Split position') as HTMLInputElement;
    expect(range.value).toBe('0');
    fireEvent.change(range, { target: { value: '70' } });
    expect(divider.getAttribute('aria-valuenow')).toBe('70');
    expect(screen.getByTestId('compressed-layer').style.clipPath).toBe('inset(0 0 0 70%)');
  });

  it('zooms by 1.5 between 10% and 500% of Fit and goes back to Fit; without a laid-out viewer 1:1 is unavailable', () => {
    render(<QualityAssessment job={job} onClose={vi.fn()} />);
    // jsdom lays nothing out, so the real-pixel scale is unknown and the label says so (the browser test checks real pixels).
    const level = () => screen.getByTestId('zoom-level').textContent;
    expect(level()).toBe('100% of fit');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('150% of fit');
    for (let i = 0; i < 6; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('500% of fit');
    fireEvent.click(screen.getByRole('button', { name: 'Fit to view' }));
    expect(level()).toBe('100% of fit');
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level()).toBe('10% of fit');
    expect((screen.getByRole('button', { name: 'Actual pixels (1:1)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('switches to side by side and to full screen', () => {
    render(<QualityAssessment job={job} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Side by side' }));
    expect(screen.getByTestId('side-by-side-view')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(screen.getByRole('dialog', { name: 'Quality Assessment' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
