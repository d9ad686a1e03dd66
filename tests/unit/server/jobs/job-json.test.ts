// A job row as the API shows it: result fields only once completed, the error only once failed, URLs never paths.
import { describe, expect, it } from 'vitest';
import { toJobJson } from '#server/jobs/job-json';
import { jobSchema } from '#contract/api-schemas';
import type { JobRow } from '#server/db/schema';

const CREATED = Date.UTC(2024, 0, 2, 3, 4, 5);

const row = (fields: Partial<JobRow> = {}): JobRow => ({
  id: '6f1c2a52-5a0e-4a51-9d1e-0c2f5c7c9a11',
  owner_id: 'owner',
  filename: 'photo.png',
  mime_type: 'image/png',
  status: 'completed',
  original_size: 1000,
  compressed_size: 400,
  original_width: 640,
  original_height: 480,
  compressed_width: 320,
  compressed_height: 240,
  quality: 70,
  compression_type: 'web',
  error: null,
  attempts: 1,
  available_at: CREATED,
  lease_until: null,
  lease_token: null,
  created_at: CREATED,
  started_at: CREATED + 1000,
  completed_at: CREATED + 2000,
  expires_at: CREATED + 86_400_000,
  guest_address: null,
  request_id: null,
  input_header: null,
  output_format: 'auto',
  background: null,
  candidate_formats: null,
  output_mime_type: 'image/webp',
  flattened_onto: '#ffffff',
  format_decision: JSON.stringify({ winner: 'webp', keptOriginal: false, candidates: [{ format: 'webp', bytes: 400 }], skipped: [] }),
  mode: 'size',
  target_size: 50_000,
  allow_resize: 1,
  max_width: 2000,
  max_height: 1000,
  metadata: 'keep',
  revision: 2,
  chosen_quality: 63,
  target_met: 1,
  perceptual_score: null,
  animation_frames: null,
  svg_removed: null,
  result_note: null,
  ...fields,
});

describe('toJobJson', () => {
  it('shows a completed job with its result, download URL and versioned preview URL', () => {
    const job = toJobJson(row());
    expect(job).toEqual({
      id: '6f1c2a52-5a0e-4a51-9d1e-0c2f5c7c9a11',
      filename: 'photo.png',
      status: 'completed',
      originalSize: 1000,
      compressedSize: 400,
      originalWidth: 640,
      originalHeight: 480,
      compressedWidth: 320,
      compressedHeight: 240,
      compressionQuality: 70,
      compressionType: 'web',
      compressedPath: '/api/download/6f1c2a52-5a0e-4a51-9d1e-0c2f5c7c9a11',
      previewPath: `/api/jobs/6f1c2a52-5a0e-4a51-9d1e-0c2f5c7c9a11/preview?v=${CREATED + 2000}`,
      mimeType: 'image/png',
      outputFormat: 'auto',
      outputMimeType: 'image/webp',
      flattenedOnto: '#ffffff',
      formatNote: null,
      animationFrames: null,
      formatDecision: { winner: 'webp', keptOriginal: false, candidates: [{ format: 'webp', bytes: 400 }], skipped: [] },
      mode: 'size',
      targetSize: 50_000,
      allowResize: true,
      maxWidth: 2000,
      maxHeight: 1000,
      metadata: 'keep',
      revision: 2,
      chosenQuality: 63,
      targetMet: true,
      perceptualScore: null,
      error: null,
      createdAt: '2024-01-02T03:04:05.000Z',
      completedAt: '2024-01-02T03:04:07.000Z',
      expiresAt: '2024-01-03T03:04:05.000Z',
    });
    expect(jobSchema.parse(job)).toEqual(job);
  });

  it.each(['pending', 'processing'] as const)('shows no result, URL or kept retry message for a %s job', (status) => {
    const job = toJobJson(row({ status, error: 'The server is out of storage space right now', completed_at: null }));
    expect(job).toMatchObject({
      status,
      compressedSize: null,
      compressedWidth: null,
      compressedHeight: null,
      compressedPath: null,
      previewPath: null,
      outputMimeType: null,
      flattenedOnto: null,
      formatDecision: null,
      chosenQuality: null,
      targetMet: null,
      perceptualScore: null,
      error: null,
      completedAt: null,
      // What the upload asked for and told us stays visible.
      originalWidth: 640,
      originalSize: 1000,
      mode: 'size',
      targetSize: 50_000,
      revision: 2,
    });
    expect(jobSchema.parse(job)).toEqual(job);
  });

  it('names what the SVG sanitiser removed in the note, after the format note when there is one; nothing before completion', () => {
    const svg = { mime_type: 'image/svg+xml', output_format: 'original', svg_removed: '<script>, 2 onclick attributes' } as const;
    expect(toJobJson(row({ ...svg, output_mime_type: 'image/svg+xml' })).formatNote).toBe('Removed from the SVG: <script>, 2 onclick attributes');
    expect(toJobJson(row({ ...svg, output_mime_type: 'image/png' })).formatNote).toBe(
      'SVG converted to PNG: rendered at the size asked for, with transparency kept. Removed from the SVG: <script>, 2 onclick attributes',
    );
    expect(toJobJson(row({ ...svg, svg_removed: null, output_mime_type: 'image/svg+xml' })).formatNote).toBeNull();
    expect(toJobJson(row({ ...svg, status: 'pending' })).formatNote).toBeNull();
  });

  it('shows the error of a failed job', () => {
    const job = toJobJson(row({ status: 'error', error: 'This image file is damaged' }));
    expect(job).toMatchObject({ status: 'error', error: 'This image file is damaged', compressedPath: null, previewPath: null });
  });

  it('falls back to the original type, a version of 0, and no decision when the row lacks them or holds bad JSON', () => {
    expect(toJobJson(row({ output_mime_type: null, completed_at: null, format_decision: 'not json' }))).toMatchObject({
      outputMimeType: 'image/png',
      previewPath: '/api/jobs/6f1c2a52-5a0e-4a51-9d1e-0c2f5c7c9a11/preview?v=0',
      formatDecision: null,
    });
    expect(toJobJson(row({ format_decision: null })).formatDecision).toBeNull();
    expect(toJobJson(row({ format_decision: '' })).formatDecision).toBeNull();
  });

  it('tells a missed size target from one that was not asked for', () => {
    expect(toJobJson(row({ target_met: 0 })).targetMet).toBe(false);
    expect(toJobJson(row({ mode: 'quality', target_size: null, target_met: null, allow_resize: 0 }))).toMatchObject({
      mode: 'quality',
      targetSize: null,
      targetMet: null,
      allowResize: false,
    });
  });

  it('says why an animation in original format is WebP, and claims nothing when the upload came back as it was', () => {
    const animated = { output_format: 'original', animation_frames: 36, output_mime_type: 'image/webp' } as const;
    expect(toJobJson(row({ ...animated, mime_type: 'image/jxl' })).formatNote).toBe(
      'Animated JPEG XL converted to WebP: WebP keeps every frame and its timing, and nothing here writes animated JPEG XL',
    );
    expect(toJobJson(row({ ...animated, mime_type: 'image/gif' })).formatNote).toMatch(/^GIF converted to WebP: /);
    expect(toJobJson(row({ ...animated, mime_type: 'image/gif' })).formatNote).not.toContain('far smaller');
    expect(toJobJson(row({ ...animated, mime_type: 'image/gif', output_mime_type: 'image/gif' })).formatNote).toBeNull();
    expect(toJobJson(row({ ...animated, mime_type: 'image/jxl', output_mime_type: 'image/jxl' })).formatNote).toBeNull();
  });

  it('says what the result left out after why its format changed, only once completed', () => {
    const note = 'Only the still picture was kept.';
    expect(toJobJson(row({ result_note: note })).formatNote).toBe('Only the still picture was kept');
    expect(toJobJson(row({ mime_type: 'image/heic', output_format: 'original', output_mime_type: 'image/jpeg', result_note: note })).formatNote).toBe(
      'HEIC converted to JPEG: browsers other than Safari cannot show HEIC. Only the still picture was kept',
    );
    expect(toJobJson(row({ status: 'processing', result_note: note })).formatNote).toBeNull();
  });
});
