// @vitest-environment jsdom
// The drop zone is presentational: it checks files against the limits it is given, hands the accepted ones to
// onUpload, and lists both its own refusals and those onUpload reports back from the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DropZone, type DropZoneProps } from '#client/components/tool/drop-zone.tsx';
import { MESSAGES } from '#contract/messages';

afterEach(cleanup);

const png = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

function renderZone(props: Partial<DropZoneProps> = {}) {
  const onUpload = vi.fn<DropZoneProps['onUpload']>(async () => []);
  render(<DropZone isAuthenticated={false} uploading={false} progress={null} onUpload={onUpload} {...props} />);
  const choose = (...files: File[]) => fireEvent.change(screen.getByTestId('drop-zone-input'), { target: { files } });
  return { onUpload: (props.onUpload as typeof onUpload | undefined) ?? onUpload, choose };
}

describe('DropZone', () => {
  it('hands the accepted files to onUpload and lists its own refusals beside those the server reports', async () => {
    const onUpload = vi.fn<DropZoneProps['onUpload']>(async (files) => [{ filename: files[1]!.name, message: 'Refused by the server' }]);
    const { choose } = renderZone({ onUpload });
    choose(png('a.png'), png('b.png'), new File(['not an image at all'], 'notes.txt', { type: 'text/plain' }));

    await waitFor(() => expect(screen.getByTestId('upload-errors').textContent).toContain('Refused by the server'));
    expect(onUpload.mock.calls.map(([files]) => files.map((f) => f.name))).toEqual([['a.png', 'b.png']]);
    const listed = Array.from(screen.getByTestId('upload-errors').querySelectorAll('li'), (li) => li.textContent);
    expect(listed).toEqual([`notes.txt: ${MESSAGES.fileTypeInvalid}`, 'b.png: Refused by the server']);
  });

  it('asks for nothing when every file is refused, and states the limits it was given', async () => {
    const { onUpload, choose } = renderZone({ config: { maxFiles: 7, maxFileSize: 32, maxFileSizeFormatted: '32 Bytes' } });
    expect(screen.getByTestId('size-hint').textContent).toBe('Max 32 Bytes each · Up to 7 files at once');
    choose(png('big.png'));
    await screen.findByTestId('upload-errors');
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('shows the upload under way as busy, with its progress', () => {
    renderZone({ uploading: true, progress: { sent: { loaded: 50, total: 200 }, startedAt: 0, now: 500 } });
    expect(screen.getByTestId('drop-zone').getAttribute('data-state')).toBe('uploading');
    expect(screen.getByTestId('upload-progress-text').textContent).toBe('25% uploaded');
  });
});
