// The re-tune panel's request: it starts from the job's own settings and sends what the panel shows.
import { describe, expect, it } from 'vitest';
import { controlOf, recompressChanges } from '#client/components/tool/adjust-dialog.tsx';
import type { Job } from '#contract/api';

const job = {
  compressionQuality: 80,
  mode: 'size',
  targetSize: 150 * 1024,
  allowResize: true,
  maxWidth: 1200,
  maxHeight: null,
  metadata: 'keep',
} as Job;

describe('Adjust', () => {
  it("starts from the job's settings", () => {
    expect(controlOf(job)).toEqual({ mode: 'size', targetKb: '150', allowResize: true, maxWidth: '1200', maxHeight: '', metadata: 'keep' });
  });

  it('sends every setting shown; blank bounds as null (removed); a moved quality as custom', () => {
    expect(recompressChanges(job, 80, 'webp', controlOf(job))).toEqual({
      quality: 80,
      format: 'webp',
      mode: 'size',
      targetSize: 150 * 1024,
      allowResize: true,
      maxWidth: 1200,
      maxHeight: null,
      metadata: 'keep',
    });
    const changes = recompressChanges(job, 55, 'original', { ...controlOf(job), mode: 'quality', maxWidth: ' ' });
    expect(changes).toEqual({ quality: 55, type: 'standard', format: 'original', mode: 'quality', maxWidth: null, maxHeight: null, metadata: 'keep' });
  });
});
