// @vitest-environment jsdom
// The Done bar takes down a toast that only said work had started once that work is done (on a phone it sat over the
// files header's total and Download All), but never a toast about work the page has not seen waiting yet.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueueJumpBar } from '#client/components/tool/queue-jump-bar.tsx';
import { dismissToast, toast, useCurrentToast } from '#client/lib/toast.ts';
import type { Job } from '#contract/api';
import { aJob } from '../../support/job-fixture';

afterEach(() => {
  cleanup();
  dismissToast();
});

const jobs = (...statuses: Job['status'][]) => statuses.map((status, i) => aJob({ id: `job-${i}`, status }));

function CurrentToast() {
  return <p data-testid="current-toast">{useCurrentToast()?.title ?? ''}</p>;
}

function renderBar(list: Job[]) {
  const view = render(
    <>
      <QueueJumpBar jobs={list} />
      <CurrentToast />
    </>,
  );
  return {
    toastTitle: () => view.getByTestId('current-toast').textContent,
    rerender: (next: Job[]) =>
      view.rerender(
        <>
          <QueueJumpBar jobs={next} />
          <CurrentToast />
        </>,
      ),
  };
}

describe('QueueJumpBar and the "compression started" toast', () => {
  it('takes the toast down when the work it announced is done', () => {
    const bar = renderBar([]);
    act(() => void toast({ title: 'Upload successful', description: '2 files uploaded and compression started', inProgress: true }));
    bar.rerender(jobs('pending', 'processing'));
    expect(bar.toastTitle()).toBe('Upload successful');
    bar.rerender(jobs('completed', 'processing'));
    expect(bar.toastTitle()).toBe('Upload successful');
    bar.rerender(jobs('completed', 'completed'));
    expect(bar.toastTitle()).toBe('');
  });

  it('keeps a toast that says something else, and one about work not listed yet', () => {
    const bar = renderBar(jobs('processing'));
    act(() => void toast({ title: 'Added 10 of 12', description: '2 files were not added' }));
    bar.rerender(jobs('completed'));
    expect(bar.toastTitle()).toBe('Added 10 of 12');

    // The earlier batch finishes just as a new upload is announced, before the list shows the new files.
    bar.rerender(jobs('processing'));
    act(() => void toast({ title: 'Upload successful', description: '1 file uploaded and compression started', inProgress: true }));
    bar.rerender(jobs('completed'));
    expect(bar.toastTitle()).toBe('Upload successful');
    bar.rerender(jobs('completed', 'pending'));
    bar.rerender(jobs('completed', 'completed'));
    expect(bar.toastTitle()).toBe('');
  });
});
