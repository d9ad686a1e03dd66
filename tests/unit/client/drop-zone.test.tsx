// @vitest-environment jsdom
// The drop zone is presentational: it checks files against the limits it is given and hands the files that fit and
// those refused to onUpload; the page lists the refused ones in the file list, and the zone says what the drop did.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DropZone, type DropZoneProps } from '#client/components/tool/drop-zone.tsx';
import { MESSAGES } from '#contract/messages';

afterEach(cleanup);

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

function renderZone(props: Partial<DropZoneProps> = {}) {
  const onUpload = vi.fn<DropZoneProps['onUpload']>();
  render(<DropZone isAuthenticated={false} uploading={false} progress={null} onUpload={onUpload} {...props} />);
  const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('drop-zone-input'), { target: { files } });
  return { onUpload: (props.onUpload as typeof onUpload | undefined) ?? onUpload, choose };
}

describe('DropZone', () => {
  it('hands the files that fit the batch and those refused, with their reasons, to onUpload, and lists none itself', () => {
    const { onUpload, choose } = renderZone({ config: { maxFiles: 2, maxFileSize: 1000, maxFileSizeFormatted: null } });
    choose(png('a.png'), new File(['not an image at all'], 'notes.txt', { type: 'text/plain' }), png('b.png'), png('c.png'));
    expect(onUpload).toHaveBeenCalledTimes(1);
    const [files, refused] = onUpload.mock.calls[0]!;
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(refused.map((r) => [r.file.name, r.messages.join(', '), r.overLimit ?? false])).toEqual([
      ['notes.txt', MESSAGES.fileTypeInvalid, false],
      ['c.png', 'Too many files: 2 can be added at once. Add it with the next batch.', true],
    ]);
    // Refusals are rows of the file list (the page's), not a box under the zone.
    expect(screen.queryByTestId('upload-errors')).toBeNull();
  });

  it('says what the last drop did in one line, in the zone, and states the limits it was given', () => {
    renderZone({ config: { maxFiles: 7, maxFileSize: 32, maxFileSizeFormatted: '32 Bytes' }, notice: 'Added 7 of 9.' });
    expect(screen.getByTestId('size-hint').textContent).toBe('Max 32 Bytes each · Up to 7 files at once');
    expect(screen.getByRole('status').textContent).toBe('Added 7 of 9.');
  });

  it('shows the upload under way as busy, with its progress', () => {
    renderZone({ uploading: true, progress: { sent: { loaded: 50, total: 200 }, startedAt: 0, now: 500 } });
    expect(screen.getByTestId('drop-zone').getAttribute('data-state')).toBe('uploading');
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('25% uploaded');
  });
});
